// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { writeDicom, type PixelSource, type SyntaxName } from '../../server/dicom/write/index';
import { DecodeError, type DecodeProblem } from '../../src/features/viewer/dicom/decoded';
import { decodeFrame } from '../../src/features/viewer/dicom/decodeFrame';
import { BASE_TAGS, colourPicture, colourSource, greySource, ramp } from './images';

const TWELVE_BIT = { bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 0 } as const;
const EIGHT_BIT = { bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 0 } as const;

async function fileBytes(syntax: SyntaxName, tags: Record<string, unknown> = {}, pixels: PixelSource = greySource(TWELVE_BIT, [ramp(0, 4095, 0), ramp(0, 4095, 1)])): Promise<Uint8Array> {
  return writeDicom({ pixels, syntax, tags: { ...BASE_TAGS, ...tags } });
}

/** What decoding the bytes fails with: the DecodeError's problem and message. */
async function failure(bytes: Uint8Array, frameIndex = 0): Promise<{ problem: DecodeProblem; message: string }> {
  const error: unknown = await decodeFrame(bytes.slice().buffer, frameIndex).then(
    () => new Error('decoded without an error'),
    (reason: unknown) => reason,
  );
  if (!(error instanceof DecodeError)) throw error;
  return { problem: error.problem, message: error.message };
}

function indexOf(bytes: Uint8Array, pattern: readonly number[], from = 0): number {
  for (let i = from; i + pattern.length <= bytes.length; i += 1) {
    if (pattern.every((byte, k) => bytes[i + k] === byte)) return i;
  }
  throw new Error(`pattern ${pattern.map((b) => b.toString(16)).join(' ')} not found`);
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
/** (7FE0,0010) OW or OB in explicit VR little endian. */
const PIXEL_DATA_TAG = [0xe0, 0x7f, 0x10, 0x00];
const META_END = 132 + 12; // preamble, DICM, the group length element; then the meta elements

/** The same file with one ASCII run replaced by another of the same length. */
function replaced(bytes: Uint8Array, from: string, to: string): Uint8Array {
  expect(to).toHaveLength(from.length);
  const out = bytes.slice();
  out.set(ascii(to), indexOf(bytes, ascii(from)));
  return out;
}

describe('notDicom', () => {
  it('random bytes', async () => {
    let seed = 12345;
    const random = Uint8Array.from({ length: 4096 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed >> 16;
    });
    expect((await failure(random)).problem).toBe('notDicom');
  });

  it.each([
    ['no bytes', new Uint8Array(0)],
    ['a PNG signature', Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(200))],
    // Shorter than preamble and marker: nothing in it says DICOM.
    ['the first 100 bytes of a DICOM file', new Uint8Array(100)],
  ])('%s', async (_name, bytes) => {
    expect((await failure(bytes)).problem).toBe('notDicom');
  });
});

describe('truncated', () => {
  it('at several points of an explicit little endian file', async () => {
    const bytes = await fileBytes('explicitLittle');
    const pixelData = indexOf(bytes, PIXEL_DATA_TAG);
    const cuts = {
      'inside the meta information': 140,
      'inside the first data set element': indexOf(bytes, [0x08, 0x00]) + 3,
      'between the pixel data tag and its length': pixelData + 6,
      'in the middle of the first frame': pixelData + 12 + 1000,
      'in the second frame': pixelData + 12 + 64 * 48 * 2 + 10,
      'one byte short': bytes.length - 1,
    };
    for (const [where, cut] of Object.entries(cuts)) {
      expect({ where, ...(await failure(bytes.subarray(0, cut))) }).toMatchObject({ where, problem: 'truncated' });
    }
    expect(META_END).toBeLessThan(cuts['inside the first data set element']);
  });

  it.each(['implicitLittle', 'explicitBig', 'deflated', 'jpegLs', 'jpeg2000', 'rle', 'jpegLossless', 'jpegBaseline'] as SyntaxName[])(
    'in the middle of a %s file, and 3 bytes short of its end',
    async (syntax) => {
      const pixels = syntax === 'jpegBaseline' ? greySource(EIGHT_BIT, [ramp(0, 255, 0), ramp(0, 255, 1)]) : undefined;
      const bytes = await fileBytes(syntax, {}, pixels);
      expect((await failure(bytes.subarray(0, Math.floor(bytes.length * 0.6)))).problem).toBe('truncated');
      expect((await failure(bytes.subarray(0, bytes.length - 3)))).toMatchObject({ problem: 'truncated' });
    },
  );

  it('after the first of two compressed frames: the first decodes, the second is truncated', async () => {
    const bytes = await fileBytes('rle');
    const pixelData = indexOf(bytes, PIXEL_DATA_TAG);
    // Tag, VR, reserved, length; the offset table item (8 + 2 × 4); the first fragment item.
    const firstItem = pixelData + 12 + 16;
    const firstLength = new DataView(bytes.buffer, bytes.byteOffset + firstItem + 4, 4).getUint32(0, true);
    const cut = bytes.subarray(0, firstItem + 8 + firstLength);
    await expect(decodeFrame(cut.slice().buffer, 0)).resolves.toMatchObject({ frame: { kind: 'grey' } });
    expect((await failure(cut, 1)).problem).toBe('truncated');
  });
});

describe('unsupportedSyntax', () => {
  it('an unknown transfer syntax UID, named in the message', async () => {
    const bytes = replaced(await fileBytes('explicitLittle'), '1.2.840.10008.1.2.1', '1.2.840.99999.7.7.7');
    const { problem, message } = await failure(bytes);
    expect(problem).toBe('unsupportedSyntax');
    expect(message).toContain('1.2.840.99999.7.7.7');
  });

  it('12-bit JPEG extended (process 4), which the 8-bit JPEG codec cannot decode', async () => {
    const bytes = await fileBytes('jpegBaseline', { BitsAllocated: 16, BitsStored: 12, HighBit: 11 }, greySource(EIGHT_BIT, [ramp(0, 255)]));
    const { problem, message } = await failure(replaced(bytes, '1.2.840.10008.1.2.4.50', '1.2.840.10008.1.2.4.51'));
    expect(problem).toBe('unsupportedSyntax');
    expect(message).toContain('1.2.840.10008.1.2.4.51');
  });
});

describe('badDimensions', () => {
  it.each([
    ['rows 0', { Rows: 0 }],
    ['rows 60000', { Rows: 60000 }],
    ['columns 0', { Columns: 0 }],
    ['columns 8193', { Columns: 8193 }],
    ['3 × 3 × 3 samples per pixel... no, 4 samples per pixel', { SamplesPerPixel: 4 }],
    ['pixel data shorter than the rows say', { Rows: 100 }],
  ])('%s', async (_name, tags) => {
    expect((await failure(await fileBytes('explicitLittle', tags))).problem).toBe('badDimensions');
  });

  it('a codestream whose size is not the file’s', async () => {
    const bytes = await fileBytes('jpegLs', { Columns: 32 });
    expect((await failure(bytes)).problem).toBe('corrupt');
  });
});

describe('missingFrame', () => {
  it.each(['explicitLittle', 'jpegLs', 'rle'] as SyntaxName[])('frame 5 (and -1) of a 2-frame %s file', async (syntax) => {
    const bytes = await fileBytes(syntax);
    const { problem, message } = await failure(bytes, 5);
    expect(problem).toBe('missingFrame');
    expect(message).toContain('5');
    expect((await failure(bytes, -1)).problem).toBe('missingFrame');
  });

  it('a frame the number of frames promises but the pixel data lacks', async () => {
    const bytes = await fileBytes('jpegLs', { NumberOfFrames: 3 });
    expect((await failure(bytes, 2)).problem).toBe('missingFrame');
  });
});

describe('corrupt', () => {
  it.each([
    ['jpegLs', 'JPEG-LS frame header', [0xff, 0xf7]],
    ['jpeg2000', 'JPEG 2000 image size marker', [0xff, 0x51]],
    ['jpegBaseline', 'JPEG start of image', [0xff, 0xd8]],
    ['jpegLossless', 'JPEG Lossless end of image', [0xff, 0xd9]],
  ] as const)('a %s codestream without its %s', async (syntax, _name, marker) => {
    const pixels = syntax === 'jpegBaseline' ? greySource(EIGHT_BIT, [ramp(0, 255)]) : greySource(TWELVE_BIT, [ramp(0, 4095)]);
    const bytes = (await fileBytes(syntax, {}, pixels)).slice();
    const at = indexOf(bytes, marker, indexOf(bytes, PIXEL_DATA_TAG));
    bytes.set([0x00, 0x00], at);
    expect((await failure(bytes)).problem).toBe('corrupt');
  });

  it('an RLE frame with the wrong number of segments', async () => {
    const bytes = (await fileBytes('rle', {}, colourSource('RGB', [colourPicture()]))).slice();
    // The RLE header's segment count (3 for RGB) right after the first fragment's item header.
    const at = indexOf(bytes, [0x03, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00]);
    bytes[at] = 2;
    expect((await failure(bytes)).problem).toBe('corrupt');
  });

  it.each([1, 32, 64])('%i bits allocated: legal DICOM (a mask, a dose grid) the viewer does not draw, said as such, not as damage', async (bits) => {
    const bytes = await fileBytes('explicitLittle', { BitsAllocated: bits, BitsStored: bits, HighBit: bits - 1 });
    expect((await failure(bytes)).problem).toBe('unsupportedPixels');
  });

  it('12 bits allocated is no pixel format at all: damaged', async () => {
    expect((await failure(await fileBytes('explicitLittle', { BitsAllocated: 12 }))).problem).toBe('corrupt');
  });

  it('bits stored larger than bits allocated', async () => {
    expect((await failure(await fileBytes('explicitLittle', { BitsStored: 17 }))).problem).toBe('corrupt');
  });

  it('a file meta information without a transfer syntax', async () => {
    const bytes = replaced(await fileBytes('explicitLittle'), '\x02\x00\x10\x00UI', '\x02\x00\x11\x00UI');
    expect((await failure(bytes)).problem).toBe('corrupt');
  });
});

describe('a deflated file with bytes after its compressed stream (issue 25 §3)', () => {
  it('is read whole, as Node, DCMTK and the archives read it (GDCM writes a gzip trailer; Chromium\'s own inflater refuses it)', async () => {
    const whole = await fileBytes('deflated');
    const trailer = [0x1f, 0x8b, 0x08, 0x00, 0x12, 0x34, 0x56, 0x78];
    const padded = new Uint8Array([...whole, ...trailer]);
    const expected = await decodeFrame(whole.slice().buffer, 0);
    const decoded = await decodeFrame(padded.slice().buffer, 0);
    expect(decoded.frame).toEqual(expected.frame);
    expect(decoded.info).toEqual(expected.info);
  });

  it('cut short, it is still "arrived incomplete"', async () => {
    const whole = await fileBytes('deflated');
    expect((await failure(whole.subarray(0, whole.length - 40))).problem).toBe('truncated');
  });

  it('a compressed stream that cannot be inflated is damaged, not incomplete', async () => {
    const bytes = (await fileBytes('deflated')).slice();
    // The data set starts after the 132-byte preamble and the meta group; its first block gets the reserved type 3.
    const groupLength = new DataView(bytes.buffer).getUint32(132 + 8, true);
    bytes[132 + 12 + groupLength]! |= 0b110;
    expect((await failure(bytes)).problem).toBe('corrupt');
  });
});
