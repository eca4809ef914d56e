// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TRANSFER_SYNTAX_UID, type SyntaxName } from '../../server/dicom/write/index';
import type { ColourFrame, DecodedFrame, GreyFrame } from '../../src/features/viewer/dicom/decoded';
import { decodeFrame } from '../../src/features/viewer/dicom/decodeFrame';
import {
  BASE_TAGS, colourPicture, colourSource, COLUMNS, dicomFile, greySource, LOSSLESS_SYNTAXES, planar, ramp, rgbToYbr, ROWS, SYNTAXES,
  type GreyFormat,
} from './images';

function grey(decoded: DecodedFrame): GreyFrame {
  if (decoded.frame.kind !== 'grey') throw new Error(`expected a grey frame, got ${decoded.frame.kind}`);
  return decoded.frame;
}

function colour(decoded: DecodedFrame): ColourFrame {
  if (decoded.frame.kind !== 'colour') throw new Error(`expected a colour frame, got ${decoded.frame.kind}`);
  return decoded.frame;
}

/** RGB out of RGBA. */
function rgbOf(frame: ColourFrame): number[] {
  return Array.from(frame.rgba).filter((_, i) => i % 4 !== 3);
}

function largestDifference(a: readonly number[], b: readonly number[]): number {
  expect(a).toHaveLength(b.length);
  return a.reduce((worst, value, i) => Math.max(worst, Math.abs(value - b[i]!)), 0);
}

function meanDifference(a: readonly number[], b: readonly number[]): number {
  return a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;
}

const TWELVE_BIT: GreyFormat = { bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 0 };

describe('every transfer syntax, two frames, the second decoded', () => {
  it.each(LOSSLESS_SYNTAXES)('%s gives the stored 12-bit values back exactly, rescaled', async (syntax) => {
    const frames = [ramp(0, 4095, 0), ramp(0, 4095, 1)];
    const bytes = await dicomFile(greySource(TWELVE_BIT, frames), syntax, { RescaleSlope: 1, RescaleIntercept: -1024 });
    const decoded = await decodeFrame(bytes, 1);
    const frame = grey(decoded);
    expect(Array.from(frame.values)).toEqual(frames[1]!.map((v) => v - 1024));
    expect([frame.rows, frame.columns, frame.min, frame.max]).toEqual([ROWS, COLUMNS, -1024, 4095 - 1024]);
    expect(decoded.info.transferSyntaxUid).toBe(TRANSFER_SYNTAX_UID[syntax]);
    expect(decoded.info.numberOfFrames).toBe(2);
  });

  it('jpegBaseline gives 8-bit values back within the loss of a quality-90 JPEG', async () => {
    const frames = [ramp(0, 255, 0), ramp(20, 235, 1)];
    const decoded = await decodeFrame(await dicomFile(greySource({ bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 0 }, frames), 'jpegBaseline'), 1);
    const values = Array.from(grey(decoded).values);
    expect(largestDifference(values, frames[1]!)).toBeLessThanOrEqual(12);
    expect(meanDifference(values, frames[1]!)).toBeLessThan(2);
    expect(decoded.info.transferSyntaxUid).toBe('1.2.840.10008.1.2.4.50');
  });
});

describe('bit depths and signedness', () => {
  const formats: Array<[string, GreyFormat, number, number]> = [
    ['8-bit unsigned', { bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 0 }, 0, 255],
    ['8-bit signed', { bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 1 }, -128, 127],
    ['12-bit signed', { bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 1 }, -2048, 2047],
    ['16-bit unsigned', { bitsAllocated: 16, bitsStored: 16, pixelRepresentation: 0 }, 0, 65535],
    ['16-bit signed', { bitsAllocated: 16, bitsStored: 16, pixelRepresentation: 1 }, -32768, 32767],
  ];
  const cases = formats.flatMap(([name, format, min, max]) =>
    LOSSLESS_SYNTAXES
      // The JPEG 2000 codec clamps signed 8-bit samples to 0..255; the writer refuses them.
      .filter((syntax) => !(syntax === 'jpeg2000' && format.bitsAllocated === 8 && format.pixelRepresentation === 1))
      .map((syntax) => [name, syntax, format, min, max] as const));

  it.each(cases)('%s in %s', async (_name, syntax, format, min, max) => {
    const values = ramp(min, max);
    const frame = grey(await decodeFrame(await dicomFile(greySource(format, [values]), syntax), 0));
    expect(Array.from(frame.values)).toEqual(values);
    expect([frame.min, frame.max]).toEqual([min, max]);
  });

  it('masks the bits above Bits Stored (overlays, padding) and sign-extends what is left', async () => {
    const values = ramp(-2048, 2047);
    // 12 bits stored in 16, with junk in the top four bits instead of the sign's copies.
    const stored = values.map((v, i) => (v & 0x0fff) | ((i % 16) << 12));
    const pixels = { ...greySource({ bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 1 }, []), frames: [Uint16Array.from(stored)] };
    const frame = grey(await decodeFrame(await dicomFile(pixels, 'explicitLittle', { PixelRepresentation: 1 }), 0));
    expect(Array.from(frame.values)).toEqual(values);
  });

  it('reads values below a high bit that is not Bits Stored - 1', async () => {
    const values = ramp(0, 1023);
    const pixels = greySource({ bitsAllocated: 16, bitsStored: 10, pixelRepresentation: 0 }, [values.map((v) => v << 2)]);
    const frame = grey(await decodeFrame(await dicomFile(pixels, 'explicitLittle', { HighBit: 11 }), 0));
    expect(Array.from(frame.values)).toEqual(values);
  });
});

describe('modality values and presentation', () => {
  it('applies a fractional rescale slope and intercept', async () => {
    const values = ramp(0, 4095);
    const frame = grey(await decodeFrame(await dicomFile(greySource(TWELVE_BIT, [values]), 'explicitLittle', { RescaleSlope: 0.5, RescaleIntercept: -100.25 }), 0));
    expect(Array.from(frame.values)).toEqual(values.map((v) => v * 0.5 - 100.25));
    expect([frame.min, frame.max]).toEqual([-100.25, 4095 * 0.5 - 100.25]);
  });

  it('takes a rescale slope of 0 as none', async () => {
    const values = ramp(0, 4095);
    const frame = grey(await decodeFrame(await dicomFile(greySource(TWELVE_BIT, [values]), 'explicitLittle', { RescaleSlope: 0, RescaleIntercept: 10 }), 0));
    expect(Array.from(frame.values)).toEqual(values.map((v) => v + 10));
  });

  it.each([
    ['MONOCHROME1', true],
    ['MONOCHROME2', false],
  ] as const)('%s: invert is %s, values unchanged', async (photometric, invert) => {
    const values = ramp(0, 4095);
    const decoded = await decodeFrame(await dicomFile(greySource(TWELVE_BIT, [values], photometric), 'jpegLs'), 0);
    expect(grey(decoded).invert).toBe(invert);
    expect(Array.from(grey(decoded).values)).toEqual(values);
    expect(decoded.info.photometricInterpretation).toBe(photometric);
  });

  it('reads the overlay tags, the windows and the pixel spacing', async () => {
    const bytes = await dicomFile(greySource(TWELVE_BIT, [ramp(0, 4095)]), 'explicitBig', {
      WindowCenter: [40, 400],
      WindowWidth: [400, 2000],
      PixelSpacing: [0.7, 0.6],
    });
    const { info } = await decodeFrame(bytes, 0);
    expect(info).toEqual({
      transferSyntaxUid: '1.2.840.10008.1.2.2',
      sopInstanceUid: BASE_TAGS.SOPInstanceUID,
      seriesInstanceUid: BASE_TAGS.SeriesInstanceUID,
      studyInstanceUid: BASE_TAGS.StudyInstanceUID,
      modality: 'CT',
      patientName: '张 三',
      patientId: 'P-0042',
      studyDate: '20261123',
      studyDescription: '胸部 CT',
      seriesDescription: 'Axial 1mm',
      seriesNumber: 3,
      instanceNumber: 17,
      numberOfFrames: 1,
      windows: [{ center: 40, width: 400 }, { center: 400, width: 2000 }],
      pixelSpacing: [0.7, 0.6],
      photometricInterpretation: 'MONOCHROME2',
      bitsAllocated: 16,
      bitsStored: 12,
      pixelRepresentation: 0,
      frameTimeMs: null,
    });
  });

  describe('names in Chinese', () => {
    // 张三 in GB18030; the writer writes UTF-8, so a same-length ASCII stand-in is replaced.
    const GB = [0xd5, 0xc5, 0xc8, 0xfd];
    async function withGbName(tags: Record<string, unknown>): Promise<ArrayBuffer> {
      const bytes = new Uint8Array(await dicomFile(greySource(TWELVE_BIT, [ramp(0, 4095)]), 'explicitLittle', { PatientName: 'QXQX', ...tags }));
      const at = bytes.findIndex((_, i) => String.fromCharCode(...bytes.subarray(i, i + 4)) === 'QXQX');
      bytes.set(GB, at);
      return bytes.buffer;
    }

    it('in GB18030, as the file says', async () => {
      expect((await decodeFrame(await withGbName({ SpecificCharacterSet: 'GB18030' }), 0)).info.patientName).toBe('张三');
    });

    it('in GB18030 with no character set given (not UTF-8, so GB18030 is tried)', async () => {
      // Only ASCII besides the name, so the writer declares no character set either.
      const { info } = await decodeFrame(await withGbName({ StudyDescription: 'Chest' }), 0);
      expect(info.patientName).toBe('张三');
    });

    it('in UTF-8 (ISO_IR 192), with the components of a person name apart', async () => {
      const { info } = await decodeFrame(await dicomFile(greySource(TWELVE_BIT, [ramp(0, 4095)]), 'explicitLittle', { PatientName: 'Zhang^San==' }), 0);
      expect(info.patientName).toBe('Zhang San');
    });
  });

  it('has no windows or spacing when the file gives none', async () => {
    const { info } = await decodeFrame(await dicomFile(greySource(TWELVE_BIT, [ramp(0, 4095)]), 'implicitLittle'), 0);
    expect([info.windows, info.pixelSpacing]).toEqual([[], null]);
  });
});

describe('colour', () => {
  const picture = colourPicture(0);

  it.each(LOSSLESS_SYNTAXES)('RGB in %s comes back exactly, as RGBA', async (syntax) => {
    const frame = colour(await decodeFrame(await dicomFile(colourSource('RGB', [colourPicture(1), picture]), syntax), 1));
    expect(rgbOf(frame)).toEqual(picture);
    expect(Array.from(frame.rgba).filter((_, i) => i % 4 === 3).every((alpha) => alpha === 255)).toBe(true);
    expect([frame.rows, frame.columns]).toEqual([ROWS, COLUMNS]);
  });

  it.each(['explicitLittle', 'implicitLittle', 'explicitBig'] as SyntaxName[])('planar configuration 1 in %s', async (syntax) => {
    const frame = colour(await decodeFrame(await dicomFile(colourSource('RGB', [planar(picture)], 1), syntax), 0));
    expect(rgbOf(frame)).toEqual(picture);
  });

  it.each(['explicitLittle', 'rle', 'jpegLossless', 'jpegLs'] as SyntaxName[])('YBR_FULL in %s is converted to RGB', async (syntax) => {
    const decoded = await decodeFrame(await dicomFile(colourSource('YBR_FULL', [rgbToYbr(picture)]), syntax), 0);
    expect(largestDifference(rgbOf(colour(decoded)), picture)).toBeLessThanOrEqual(2);
    expect(decoded.info.photometricInterpretation).toBe('YBR_FULL');
  });

  it('YBR_FULL becomes RGB by the inverse of PS3.3 C.7.6.3.1.2, rounded', async () => {
    // Saturated colours: the chrominance far from 128, where a wrong coefficient shows most.
    const ybr = [0, 0, 0, 255, 255, 255, 76, 85, 255, 150, 44, 21, 29, 255, 107, 128, 0, 255, 128, 255, 0, 200, 128, 128];
    const pixels = { ...colourSource('YBR_FULL', []), rows: 2, columns: 4, frames: [Uint8Array.from(ybr)] };
    const expected: number[] = [];
    for (let i = 0; i < ybr.length; i += 3) {
      const [y, cb, cr] = [ybr[i]!, ybr[i + 1]! - 128, ybr[i + 2]! - 128];
      expected.push(...Uint8ClampedArray.of(y + 1.402 * cr, y - 0.344136 * cb - 0.714136 * cr, y + 1.772 * cb));
    }
    const frame = colour(await decodeFrame(await dicomFile(pixels, 'explicitLittle'), 0));
    expect(rgbOf(frame)).toEqual(expected);
  });

  it.each([[0, 'explicitLittle'], [1, 'explicitBig'], [0, 'rle'], [0, 'jpegLossless']] as const)(
    '16-bit RGB, planar configuration %i, in %s: scaled to 8 bits from Bits Stored',
    async (planarConfiguration, syntax) => {
      // 12 bits stored in 16: the top 8 of them are the colour.
      const wide = picture.map((v) => (v << 4) | (v & 0xf));
      const pixels = { ...colourSource('RGB', [], planarConfiguration), bitsAllocated: 16 as const, bitsStored: 12, frames: [Uint16Array.from(planarConfiguration ? planar(wide) : wide)] };
      expect(rgbOf(colour(await decodeFrame(await dicomFile(pixels, syntax), 0)))).toEqual(picture);
    },
  );

  it('YBR_FULL planar in explicit little endian', async () => {
    const frame = colour(await decodeFrame(await dicomFile(colourSource('YBR_FULL', [planar(rgbToYbr(picture))], 1), 'explicitLittle'), 0));
    expect(largestDifference(rgbOf(frame), picture)).toBeLessThanOrEqual(2);
  });

  it('native YBR_FULL_422: two pixels share their chrominance', async () => {
    const ybr = rgbToYbr(picture);
    const subsampled: number[] = [];
    for (let i = 0; i < ybr.length; i += 6) {
      subsampled.push(ybr[i]!, ybr[i + 3]!, Math.round((ybr[i + 1]! + ybr[i + 4]!) / 2), Math.round((ybr[i + 2]! + ybr[i + 5]!) / 2));
    }
    const frame = colour(await decodeFrame(await dicomFile(colourSource('YBR_FULL_422', [subsampled]), 'explicitLittle'), 0));
    // The picture changes little from one pixel to the next, so sharing chrominance costs little.
    expect(largestDifference(rgbOf(frame), picture)).toBeLessThanOrEqual(4);
  });

  it('baseline JPEG: RGB in, YBR_FULL_422 in the file, RGB out within the loss', async () => {
    const decoded = await decodeFrame(await dicomFile(colourSource('RGB', [colourPicture(1), picture]), 'jpegBaseline'), 1);
    const rgb = rgbOf(colour(decoded));
    expect(decoded.info.photometricInterpretation).toBe('YBR_FULL_422');
    expect(meanDifference(rgb, picture)).toBeLessThan(3);
    expect(largestDifference(rgb, picture)).toBeLessThanOrEqual(24);
  });

  it('baseline JPEG from YBR_FULL pixels', async () => {
    const decoded = await decodeFrame(await dicomFile(colourSource('YBR_FULL', [rgbToYbr(picture)]), 'jpegBaseline'), 0);
    expect(meanDifference(rgbOf(colour(decoded)), picture)).toBeLessThan(3);
  });
});

describe('multi-frame', () => {
  it.each(SYNTAXES)('%s: each of three frames is its own', async (syntax) => {
    const format: GreyFormat = { bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 0 };
    const frames = [ramp(0, 80, 0), ramp(90, 170, 1), ramp(180, 255, 2)];
    const bytes = await dicomFile(greySource(format, frames), syntax);
    for (const [index, expected] of frames.entries()) {
      const values = Array.from(grey(await decodeFrame(bytes, index)).values);
      expect(largestDifference(values, expected)).toBeLessThanOrEqual(syntax === 'jpegBaseline' ? 12 : 0);
    }
  });
});
