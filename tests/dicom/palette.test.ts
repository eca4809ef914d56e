// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PixelSource, SyntaxName } from '../../server/dicom/write/index';
import type { ColourFrame, DecodedFrame } from '../../src/features/viewer/dicom/decoded';
import { decodeFrame } from '../../src/features/viewer/dicom/decodeFrame';
import { dicomFile } from './images';

/** PALETTE COLOR (PS3.3 C.7.6.3.1.5-6, C.7.9): stored values through the file's own colour tables. */

function colour(decoded: DecodedFrame): ColourFrame {
  if (decoded.frame.kind !== 'colour') throw new Error(`expected a colour frame, got ${decoded.frame.kind}`);
  return decoded.frame;
}

/** Each pixel's [R, G, B]. */
function pixelsOf(frame: ColourFrame): number[][] {
  return Array.from({ length: frame.rows * frame.columns }, (_, i) => Array.from(frame.rgba.subarray(i * 4, i * 4 + 3)));
}

function paletteSource(values: number[], format: { bitsAllocated: 8 | 16; bitsStored: number; pixelRepresentation: 0 | 1 }): PixelSource {
  const typed = format.bitsAllocated === 8 ? Uint8Array.from(values) : format.pixelRepresentation === 1 ? Int16Array.from(values) : Uint16Array.from(values);
  return { rows: 1, columns: values.length, samplesPerPixel: 1, photometric: 'PALETTE COLOR', ...format, frames: [typed] };
}

/** The same descriptor for the three channels, and each channel's table. */
function paletteTags(descriptor: [number, number, number], tables: Record<'Red' | 'Green' | 'Blue', Uint8Array | Uint16Array>, segmented = false): Record<string, unknown> {
  const tags: Record<string, unknown> = {};
  for (const channel of ['Red', 'Green', 'Blue'] as const) {
    tags[`${channel}PaletteColorLookupTableDescriptor`] = descriptor;
    tags[`${segmented ? 'Segmented' : ''}${channel}PaletteColorLookupTableData`] = tables[channel];
  }
  return tags;
}

const EIGHT = { bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 0 } as const;

describe('palette colour', () => {
  // 16 entries from stored value 100: red rises, green falls, blue is red's half.
  const red = Uint8Array.from({ length: 16 }, (_, i) => i * 16);
  const green = Uint8Array.from({ length: 16 }, (_, i) => 255 - i * 16);
  const blue = Uint8Array.from({ length: 16 }, (_, i) => i * 8);

  it.each(['explicitLittle', 'implicitLittle', 'explicitBig', 'rle', 'jpegLossless'] as SyntaxName[])(
    '8-bit entries (two to a word) in %s: each value its entry, values outside the range the nearest end',
    async (syntax) => {
      const values = [100, 101, 107, 115, 99, 0, 116, 255];
      const tags = paletteTags([16, 100, 8], { Red: red, Green: green, Blue: blue });
      const decoded = await decodeFrame(await dicomFile(paletteSource(values, EIGHT), syntax, tags), 0);
      const entry = (i: number) => [red[i]!, green[i]!, blue[i]!];
      expect(pixelsOf(colour(decoded))).toEqual([entry(0), entry(1), entry(7), entry(15), entry(0), entry(0), entry(15), entry(15)]);
      expect(decoded.info.photometricInterpretation).toBe('PALETTE COLOR');
    },
  );

  it('16-bit entries are scaled to 8 bits; 0 entries means 65536, from a signed first value', async () => {
    // 12-bit signed CT-like values, a 65536-entry table starting at -32768: entry = value + 32768.
    const format = { bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 1 } as const;
    const values = [-2048, -1, 0, 1, 2047];
    const table = (f: (i: number) => number) => Uint16Array.from({ length: 65536 }, (_, i) => f(i));
    const tags = paletteTags([0, -32768, 16], {
      Red: table((i) => i),
      Green: table((i) => 65535 - i),
      Blue: table((i) => (i & 0xff) << 8),
    });
    const frame = colour(await decodeFrame(await dicomFile(paletteSource(values, format), 'explicitLittle', tags), 0));
    expect(pixelsOf(frame)).toEqual(values.map((v) => {
      const i = v + 32768;
      return [i >> 8, (65535 - i) >> 8, i & 0xff];
    }));
  });

  it('an unsigned first value above 32767 and 8-bit entries one to a word', async () => {
    const format = { bitsAllocated: 16, bitsStored: 16, pixelRepresentation: 0 } as const;
    const words = Uint16Array.from({ length: 4 }, (_, i) => 60 * (i + 1));
    const tags = paletteTags([4, 40000, 8], { Red: words, Green: words, Blue: words });
    const frame = colour(await decodeFrame(await dicomFile(paletteSource([40000, 40003, 65535, 39999], format), 'explicitLittle', tags), 0));
    expect(pixelsOf(frame).map(([r]) => r)).toEqual([60, 240, 240, 60]);
  });

  it('segmented tables: discrete, linear and indirect segments (PS3.3 C.7.9.2)', async () => {
    // Red: discrete 0, 10, 20; linear to 50 over 3 entries; indirect: the first segment again
    // (offset 0, low word first). 9 entries: 0 10 20 30 40 50 0 10 20.
    const redSegments = Uint16Array.of(0, 3, 0, 10, 20, 1, 3, 50, 2, 1, 0, 0);
    // Green: one discrete entry then a linear ramp to 255 over 8 (16-bit entries scaled: in 16 bits).
    const greenSegments = Uint16Array.of(0, 1, 0, 1, 8, 0xff00);
    const blueSegments = Uint16Array.of(0, 9, 0, 0x1000, 0x2000, 0x3000, 0x4000, 0x5000, 0x6000, 0x7000, 0x8000);
    const tags = paletteTags([9, 0, 16], { Red: redSegments, Green: greenSegments, Blue: blueSegments }, true);
    const values = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    const frame = colour(await decodeFrame(await dicomFile(paletteSource(values, EIGHT), 'explicitLittle', tags), 0));
    const expectedRed = [0, 10, 20, 30, 40, 50, 0, 10, 20].map((v) => v >> 8);
    const expectedGreen = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => Math.round((0xff00 * i) / 8) >> 8);
    const expectedBlue = [0, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80];
    expect(pixelsOf(frame)).toEqual(values.map((i) => [expectedRed[i], expectedGreen[i], expectedBlue[i]]));
  });

  it('segmented 8-bit tables keep their values; a short table repeats its last entry', async () => {
    const segments = Uint16Array.of(0, 2, 0, 100, 1, 2, 200);
    const tags = paletteTags([8, 0, 8], { Red: segments, Green: segments, Blue: segments }, true);
    const frame = colour(await decodeFrame(await dicomFile(paletteSource([0, 1, 2, 3, 7], EIGHT), 'explicitLittle', tags), 0));
    expect(pixelsOf(frame).map(([r]) => r)).toEqual([0, 100, 150, 200, 200]);
  });

  it('a palette image without its tables is corrupt, not grey', async () => {
    await expect(decodeFrame(await dicomFile(paletteSource([1, 2], EIGHT), 'explicitLittle'), 0)).rejects.toMatchObject({ problem: 'corrupt' });
  });
});
