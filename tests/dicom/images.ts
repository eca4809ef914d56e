import { writeDicom, type PixelSource, type SyntaxName } from '../../server/dicom/write/index';

/** Known pixel arrays and the files the writer makes of them, for the decoder's tests. */

export const ROWS = 48;
export const COLUMNS = 64;

export const SYNTAXES: SyntaxName[] = ['implicitLittle', 'explicitLittle', 'explicitBig', 'deflated', 'jpegBaseline', 'jpegLossless', 'jpegLs', 'jpeg2000', 'rle'];
export const LOSSLESS_SYNTAXES = SYNTAXES.filter((syntax) => syntax !== 'jpegBaseline');

/**
 * A smooth ramp between `min` and `max` with a little texture, different per frame; the first
 * and last pixels are exactly `min` and `max`, so the ends of the range are decoded too.
 */
export function ramp(min: number, max: number, frame = 0, rows = ROWS, columns = COLUMNS): number[] {
  const span = max - min;
  const values = Array.from({ length: rows * columns }, (_, i) => {
    const x = i % columns;
    const y = Math.floor(i / columns);
    const t = (x / (columns - 1) + y / (rows - 1)) / 2;
    const texture = ((x * 7 + y * 3 + frame * 5) % 9) - 4;
    return Math.round(min + t * span + (texture * span) / 200);
  });
  values[0] = min;
  values[values.length - 1] = max;
  // + 0 turns a rounded -0 into 0, which is what a decoder gives.
  return values.map((v) => Math.min(max, Math.max(min, v)) + 0);
}

/** A smooth colour picture (R, G, B interleaved) that differs per frame. */
export function colourPicture(frame = 0, rows = ROWS, columns = COLUMNS): number[] {
  const out: number[] = [];
  for (let y = 0; y < rows; y += 1) {
    for (let x = 0; x < columns; x += 1) {
      out.push(Math.round((255 * x) / (columns - 1)), Math.round((255 * y) / (rows - 1)), (96 + frame * 40 + x + y) % 256);
    }
  }
  return out;
}

/** YBR_FULL (PS3.3 C.7.6.3.1.2) of RGB, rounded and clamped as a file stores it. */
export function rgbToYbr(rgb: readonly number[]): number[] {
  const out: number[] = [];
  const clamp = (v: number) => Math.min(255, Math.max(0, Math.round(v)));
  for (let i = 0; i < rgb.length; i += 3) {
    const [r, g, b] = [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!];
    out.push(
      clamp(0.299 * r + 0.587 * g + 0.114 * b),
      clamp(-0.168736 * r - 0.331264 * g + 0.5 * b + 128),
      clamp(0.5 * r - 0.418688 * g - 0.081312 * b + 128),
    );
  }
  return out;
}

export function planar(interleaved: readonly number[]): number[] {
  const plane = interleaved.length / 3;
  return [0, 1, 2].flatMap((c) => Array.from({ length: plane }, (_, i) => interleaved[i * 3 + c]!));
}

export const BASE_TAGS = {
  SOPClassUID: '1.2.840.10008.5.1.4.1.1.2',
  SOPInstanceUID: '1.2.826.0.1.3680043.8.498.77.1',
  StudyInstanceUID: '1.2.826.0.1.3680043.8.498.77.2',
  SeriesInstanceUID: '1.2.826.0.1.3680043.8.498.77.3',
  Modality: 'CT',
  PatientName: '张^三',
  PatientID: 'P-0042',
  StudyDate: '20261123',
  StudyDescription: '胸部 CT',
  SeriesDescription: 'Axial 1mm',
  SeriesNumber: 3,
  InstanceNumber: 17,
};

export type GreyFormat = Pick<PixelSource, 'bitsAllocated' | 'bitsStored' | 'pixelRepresentation'>;

export function greySource(format: GreyFormat, frames: number[][], photometric: 'MONOCHROME1' | 'MONOCHROME2' = 'MONOCHROME2'): PixelSource {
  const typed = (values: number[]) => (format.bitsAllocated === 8 ? Uint8Array.from(values)
    : format.pixelRepresentation === 1 ? Int16Array.from(values) : Uint16Array.from(values));
  return { rows: ROWS, columns: COLUMNS, samplesPerPixel: 1, photometric, ...format, frames: frames.map(typed) };
}

export function colourSource(photometric: 'RGB' | 'YBR_FULL' | 'YBR_FULL_422', frames: number[][], planarConfiguration: 0 | 1 = 0): PixelSource {
  return {
    rows: ROWS, columns: COLUMNS, samplesPerPixel: 3, photometric, planarConfiguration,
    bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 0,
    frames: frames.map((values) => Uint8Array.from(values)),
  };
}

/** The file's bytes as the decoder takes them: an ArrayBuffer of its own. */
export async function dicomFile(pixels: PixelSource, syntax: SyntaxName, tags: Record<string, unknown> = {}): Promise<ArrayBuffer> {
  const bytes = await writeDicom({ pixels, syntax, tags: { ...BASE_TAGS, ...tags } });
  return bytes.slice().buffer;
}
