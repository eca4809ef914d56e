// @vitest-environment node
import { createRequire } from 'node:module';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TRANSFER_SYNTAX_UID, writeDicom, type PixelSource } from '../../server/dicom/write/index';
import { decodeFrame } from '../../src/features/viewer/dicom/decodeFrame';
import { BASE_TAGS, colourPicture, colourSource, greySource, ramp, SYNTAXES } from './images';

// dcmjs, a reader independent of the decoder's dicom-parser, reads the files back. It has no types.
interface Naturalized {
  [keyword: string]: unknown;
}
interface Dcmjs {
  data: {
    DicomMessage: { readFile(buffer: ArrayBuffer): { meta: object; dict: object } };
    DicomMetaDictionary: { naturalizeDataset(dataset: object): Naturalized };
  };
  log: { setLevel(level: string): void; getLogger(name: string): { setLevel(level: string): void } };
}
const dcmjs = createRequire(import.meta.url)('dcmjs') as Dcmjs;
dcmjs.log.setLevel('silent');
// In implicit VR it cannot tell OB from OW for the pixel data, and says so.
dcmjs.log.getLogger('validation.dcmjs').setLevel('silent');

function readBack(bytes: Uint8Array): { meta: Naturalized; dataSet: Naturalized } {
  const file = dcmjs.data.DicomMessage.readFile(bytes.slice().buffer);
  return {
    meta: dcmjs.data.DicomMetaDictionary.naturalizeDataset(file.meta),
    dataSet: dcmjs.data.DicomMetaDictionary.naturalizeDataset(file.dict),
  };
}

const SIGNED_12: PixelSource = greySource({ bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 1 }, [ramp(-2048, 2047, 0), ramp(-2048, 2047, 1)]);
const EIGHT_BIT = greySource({ bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 0 }, [ramp(0, 255, 0), ramp(0, 255, 1)]);

const TAGS = {
  ...BASE_TAGS,
  WindowCenter: [40, -400.5],
  WindowWidth: [400, 2000],
  RescaleSlope: 1,
  RescaleIntercept: -1024,
  PixelSpacing: [0.5, 0.25],
  ReferencedImageSequence: [{ ReferencedSOPClassUID: '1.2.840.10008.5.1.4.1.1.2', ReferencedSOPInstanceUID: '1.2.3.4' }],
};

describe('a Part 10 file that dcmjs reads back', () => {
  it.each(SYNTAXES)('%s', async (syntax) => {
    const pixels = syntax === 'jpegBaseline' ? EIGHT_BIT : SIGNED_12;
    const bytes = await writeDicom({ pixels, syntax, tags: TAGS });
    expect(Array.from(bytes.subarray(0, 128)).every((b) => b === 0)).toBe(true);
    expect(new TextDecoder().decode(bytes.subarray(128, 132))).toBe('DICM');

    const { meta, dataSet } = readBack(bytes);
    expect(meta).toMatchObject({
      TransferSyntaxUID: TRANSFER_SYNTAX_UID[syntax],
      MediaStorageSOPClassUID: BASE_TAGS.SOPClassUID,
      MediaStorageSOPInstanceUID: BASE_TAGS.SOPInstanceUID,
      ImplementationClassUID: '1.2.826.0.1.3680043.8.498.1',
    });
    expect(dataSet).toMatchObject({
      SpecificCharacterSet: 'ISO_IR 192',
      PatientName: [{ Alphabetic: '张^三' }],
      PatientID: 'P-0042',
      StudyInstanceUID: BASE_TAGS.StudyInstanceUID,
      SeriesInstanceUID: BASE_TAGS.SeriesInstanceUID,
      SOPInstanceUID: BASE_TAGS.SOPInstanceUID,
      Modality: 'CT',
      StudyDescription: '胸部 CT',
      SeriesNumber: 3,
      WindowCenter: [40, -400.5],
      WindowWidth: [400, 2000],
      RescaleIntercept: -1024,
      PixelSpacing: [0.5, 0.25],
      ReferencedImageSequence: [expect.objectContaining({ ReferencedSOPInstanceUID: '1.2.3.4' })],
      Rows: 48,
      Columns: 64,
      NumberOfFrames: 2,
      BitsAllocated: pixels.bitsAllocated,
      BitsStored: pixels.bitsStored,
      HighBit: pixels.bitsStored - 1,
      PixelRepresentation: pixels.pixelRepresentation,
      PhotometricInterpretation: 'MONOCHROME2',
    });
  });

  it('gives the meta information group its true length', async () => {
    const bytes = await writeDicom({ pixels: SIGNED_12, syntax: 'explicitBig', tags: TAGS });
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    const groupLength = view.getUint32(132 + 8, true);
    // The first element after the group is the data set's first: (0008,xxxx), big endian here.
    expect([bytes[132 + 12 + groupLength], bytes[132 + 12 + groupLength + 1]]).toEqual([0x00, 0x08]);
  });

  it('deflates the data set, and only the data set', async () => {
    const bytes = await writeDicom({ pixels: SIGNED_12, syntax: 'deflated', tags: TAGS });
    const groupLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(132 + 8, true);
    const dataSet = inflateRawSync(bytes.subarray(132 + 12 + groupLength));
    expect(Array.from(dataSet.subarray(0, 6))).toEqual([0x08, 0x00, 0x05, 0x00, 0x43, 0x53]); // (0008,0005) CS
    expect(dataSet.length).toBeGreaterThan(2 * 48 * 64 * 2);
  });
});

describe('encapsulated pixel data', () => {
  /** Walks the items of the pixel data element: the offset table, the fragments, the delimiter. */
  function items(bytes: Uint8Array): { offsets: number[]; fragments: Array<{ offset: number; length: number }>; delimited: boolean } {
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    let at = bytes.length - 8;
    while (!(view.getUint16(at, true) === 0x7fe0 && view.getUint16(at + 2, true) === 0x0010)) at -= 1;
    expect(new TextDecoder().decode(bytes.subarray(at + 4, at + 6))).toBe('OB');
    expect(view.getUint32(at + 8, true)).toBe(0xffffffff);
    at += 12;
    const item = () => ({ tag: view.getUint32(at, true), length: view.getUint32(at + 4, true) });
    const table = item();
    expect(table.tag).toBe(0xe000fffe);
    const offsets = Array.from({ length: table.length / 4 }, (_, i) => view.getUint32(at + 8 + 4 * i, true));
    at += 8 + table.length;
    const first = at;
    const fragments: Array<{ offset: number; length: number }> = [];
    while (item().tag === 0xe000fffe) {
      fragments.push({ offset: at - first, length: item().length });
      at += 8 + item().length;
    }
    return { offsets, fragments, delimited: item().tag === 0xe0ddfffe && item().length === 0 && at + 8 === bytes.length };
  }

  it.each(['jpegBaseline', 'jpegLossless', 'jpegLs', 'jpeg2000', 'rle'] as const)('%s: an offset table, one even fragment per frame, a delimiter', async (syntax) => {
    const pixels = syntax === 'jpegBaseline' ? EIGHT_BIT : SIGNED_12;
    const found = items(await writeDicom({ pixels, syntax, tags: TAGS }));
    expect(found.fragments).toHaveLength(2);
    expect(found.offsets).toEqual(found.fragments.map((fragment) => fragment.offset));
    expect(found.fragments.every((fragment) => fragment.length % 2 === 0 && fragment.length > 0)).toBe(true);
    expect(found.delimited).toBe(true);
  });

  it('compresses: every lossless syntax is smaller than the raw frames', async () => {
    for (const syntax of ['jpegLossless', 'jpegLs', 'jpeg2000', 'rle'] as const) {
      const found = items(await writeDicom({ pixels: SIGNED_12, syntax, tags: TAGS }));
      expect({ syntax, smaller: found.fragments.every((fragment) => fragment.length < 48 * 64 * 2) }).toEqual({ syntax, smaller: true });
    }
  });
});

describe('what the encodings change', () => {
  it('baseline JPEG colour: YBR_FULL_422 and the lossy flags', async () => {
    const { dataSet } = readBack(await writeDicom({ pixels: colourSource('RGB', [colourPicture()]), syntax: 'jpegBaseline', tags: TAGS }));
    expect(dataSet).toMatchObject({
      PhotometricInterpretation: 'YBR_FULL_422',
      PlanarConfiguration: 0,
      LossyImageCompression: '01',
      LossyImageCompressionMethod: 'ISO_10918_1',
    });
    expect(dataSet.LossyImageCompressionRatio).toBeGreaterThan(1);
  });

  it('JPEG 2000 colour: YBR_RCT, the reversible colour transform', async () => {
    const { dataSet } = readBack(await writeDicom({ pixels: colourSource('RGB', [colourPicture()]), syntax: 'jpeg2000', tags: TAGS }));
    expect(dataSet.PhotometricInterpretation).toBe('YBR_RCT');
  });

  it('planar colour is written planar in native syntaxes and pixel by pixel when compressed', async () => {
    const pixels = colourSource('RGB', [colourPicture()], 1);
    expect(readBack(await writeDicom({ pixels, syntax: 'explicitLittle', tags: TAGS })).dataSet.PlanarConfiguration).toBe(1);
    expect(readBack(await writeDicom({ pixels, syntax: 'jpegLs', tags: TAGS })).dataSet.PlanarConfiguration).toBe(0);
  });

  it('a tag given wins over the one the pixels give (to make files that lie)', async () => {
    const { dataSet } = readBack(await writeDicom({ pixels: SIGNED_12, syntax: 'explicitLittle', tags: { ...TAGS, Rows: 60000 } }));
    expect(dataSet.Rows).toBe(60000);
  });
});

describe('the encoders at their edges, read back by the decoder', () => {
  const wide = (values: number[], format: PixelSource['bitsAllocated'] = 16) => ({
    ...greySource({ bitsAllocated: format, bitsStored: format, pixelRepresentation: 0 }, []),
    rows: 3,
    columns: values.length / 3,
    frames: [format === 8 ? Uint8Array.from(values) : Uint16Array.from(values)],
  });

  it('JPEG Lossless: differences of 32768 (category 16) and noise that needs every code length', async () => {
    let seed = 7;
    const noise = Array.from({ length: 3 * 200 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % 65536;
    });
    const alternating = Array.from({ length: 3 * 200 }, (_, i) => (i % 2) * 32768);
    for (const values of [noise, alternating]) {
      const bytes = await writeDicom({ pixels: wide(values), syntax: 'jpegLossless', tags: BASE_TAGS });
      const { frame } = await decodeFrame(bytes.slice().buffer, 0);
      expect(frame.kind === 'grey' && Array.from(frame.values)).toEqual(values);
    }
  });

  it('RLE: runs longer than 128, literal runs longer than 128, and single bytes', async () => {
    const row1 = new Array<number>(300).fill(200);
    const row2 = Array.from({ length: 300 }, (_, i) => i % 251);
    const row3 = Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? 7 : i % 256));
    const values = [...row1, ...row2, ...row3];
    const bytes = await writeDicom({ pixels: wide(values, 8), syntax: 'rle', tags: BASE_TAGS });
    const { frame } = await decodeFrame(bytes.slice().buffer, 0);
    expect(frame.kind === 'grey' && Array.from(frame.values)).toEqual(values);
  });
});

describe('what the writer refuses', () => {
  it.each([
    ['a frame of the wrong length', { pixels: { ...SIGNED_12, frames: [new Int16Array(10)] }, tags: TAGS }, /frame 0 has 10 values/],
    ['a 16-bit frame in a Uint8Array', { pixels: { ...SIGNED_12, frames: [new Uint8Array(48 * 64)] }, tags: TAGS }, /Uint16Array or Int16Array/],
    ['an unknown keyword', { pixels: SIGNED_12, tags: { ...TAGS, PatientNickname: 'x' } }, /unknown DICOM keyword "PatientNickname"/],
    ['a file meta keyword', { pixels: SIGNED_12, tags: { ...TAGS, TransferSyntaxUID: '1.2' } }, /file meta information/],
    ['no SOP Instance UID', { pixels: SIGNED_12, tags: { PatientName: 'x' } }, /SOPInstanceUID is required/],
    ['colour with one sample', { pixels: { ...SIGNED_12, photometric: 'RGB' as const }, tags: TAGS }, /RGB with 1 samples per pixel/],
  ])('%s', async (_name, options, message) => {
    await expect(writeDicom({ ...options, syntax: 'explicitLittle' })).rejects.toThrow(message);
  });

  it('16-bit pixels as baseline JPEG', async () => {
    await expect(writeDicom({ pixels: SIGNED_12, syntax: 'jpegBaseline', tags: TAGS })).rejects.toThrow(/unsigned 8-bit/);
  });
});
