// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeJpegLossless } from '../../server/dicom/write/jpegLossless';
import { decodeJpegLossless } from '../../src/features/viewer/dicom/codecs/jpegLossless';
import { decodeFrame } from '../../src/features/viewer/dicom/decodeFrame';
import { colourPicture, COLUMNS, ramp, ROWS } from './images';

/** Our JPEG Lossless decoder against DCMTK's encoder (every predictor) and our own (restarts). */

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', name))).buffer;

function rgbOf(rgba: Uint8ClampedArray): number[] {
  return Array.from(rgba).filter((_, i) => i % 4 !== 3);
}

describe('JPEG Lossless from DCMTK (tests/dicom/fixtures/make.sh)', () => {
  it.each([1, 2, 3, 4, 5, 6, 7])('selection value %i: 12-bit grey exactly', async (sv) => {
    const { frame } = await decodeFrame(fixture(`grey12-sv${sv}.dcm`), 0);
    expect(frame.kind === 'grey' && Array.from(frame.values)).toEqual(ramp(0, 4095));
  });

  it.each([1, 2, 3, 4, 5, 6, 7])('selection value %i: 8-bit RGB exactly', async (sv) => {
    const { frame } = await decodeFrame(fixture(`rgb8-sv${sv}.dcm`), 0);
    expect(frame.kind === 'colour' && rgbOf(frame.rgba)).toEqual(colourPicture(0));
  });

  it('a point transform of 2: the low two bits are gone, the rest is exact', async () => {
    const { frame } = await decodeFrame(fixture('grey12-sv1-pt2.dcm'), 0);
    expect(frame.kind === 'grey' && Array.from(frame.values)).toEqual(ramp(0, 4095).map((v) => (v >> 2) << 2));
  });
});

describe('JPEG Lossless restart intervals', () => {
  it.each([1, 5, 48])('a restart marker every %i rows', (restartRows) => {
    const values = ramp(0, 65535);
    const encoded = encodeJpegLossless(values, { rows: ROWS, columns: COLUMNS, samplesPerPixel: 1, precision: 16, restartRows });
    const restarts = encoded.filter((byte, i) => byte === 0xff && (encoded[i + 1]! & 0xf8) === 0xd0).length;
    expect(restarts).toBe(Math.ceil(ROWS / restartRows) - 1);
    expect(Array.from(decodeJpegLossless(encoded, 16).samples)).toEqual(values);
  });

  it('interleaved colour with restarts', () => {
    const values = colourPicture(2);
    const encoded = encodeJpegLossless(values, { rows: ROWS, columns: COLUMNS, samplesPerPixel: 3, precision: 8, restartRows: 3 });
    expect(Array.from(decodeJpegLossless(encoded, 8).samples)).toEqual(values);
  });

  it('a missing restart marker is corrupt', () => {
    const encoded = encodeJpegLossless(ramp(0, 255), { rows: ROWS, columns: COLUMNS, samplesPerPixel: 1, precision: 8, restartRows: 4 });
    const at = encoded.findIndex((byte, i) => byte === 0xff && encoded[i + 1] === 0xd0);
    encoded[at + 1] = 0x00;
    expect(() => decodeJpegLossless(encoded, 8)).toThrow(/restart marker/);
  });
});
