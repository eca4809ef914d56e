import { describe, expect, it } from 'vitest';
import { compareFrame, displayedSamples, parsePnm, pearson } from '../../scripts/conformance/compare';
import type { Frame } from '../../src/features/viewer/dicom/decoded';

/** The yardstick of the conformance corpus: DCMTK's output read right, and compared fairly. */

const bytes = (text: string, tail: number[] = []) => new Uint8Array([...new TextEncoder().encode(text), ...tail]);

describe('parsePnm', () => {
  it('reads a 16-bit ASCII PGM, comments included', () => {
    expect(parsePnm(bytes('P2\n# dcmj2pnm\n2 1\n65535\n0 65535\n'))).toEqual({ width: 2, height: 1, channels: 1, samples: Float64Array.from([0, 65535]) });
  });

  it('reads binary PPM and 16-bit big-endian PGM samples', () => {
    expect(parsePnm(bytes('P6\n1 1\n255\n', [10, 20, 30])).samples).toEqual(Float64Array.from([10, 20, 30]));
    expect(parsePnm(bytes('P5 2 1 65535\n', [1, 2, 255, 255])).samples).toEqual(Float64Array.from([258, 65535]));
  });

  it('refuses what is not a PNM, or a short one', () => {
    expect(() => parsePnm(bytes('P7\n1 1\n255\n', [0]))).toThrow(/not a PGM or PPM/);
    expect(() => parsePnm(bytes('P2\n2 2\n255\n1 2 3\n'))).toThrow(/3 samples for 2 × 2 × 1/);
  });
});

describe('comparing a decoded frame with the reference', () => {
  const grey = (values: number[], invert = false): Frame => ({ kind: 'grey', rows: 1, columns: values.length, values: Float32Array.from(values), min: 0, max: 0, invert });

  it('is blind to a linear window, not to a picture turned round', () => {
    expect(pearson([1, 2, 3, 5], [10, 20, 30, 50])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3, 5], [5, 3, 2, 1])).toBeLessThan(0);
    expect(pearson([4, 4], [4, 4])).toBe(1);
    expect(pearson([4, 4], [1, 2])).toBe(0);
  });

  it('negates MONOCHROME1, whose reference DCMTK already inverted', () => {
    const reference = { width: 3, height: 1, channels: 1 as const, samples: Float64Array.from([300, 200, 100]) };
    expect(compareFrame(grey([1, 2, 3], true), reference)).toEqual({ correlation: 1 });
    expect(compareFrame(grey([1, 2, 3]), reference)).toEqual({ correlation: -1 });
  });

  it('compares colour as R, G and B, and says when the frames cannot be compared', () => {
    const colour: Frame = { kind: 'colour', rows: 1, columns: 1, rgba: Uint8ClampedArray.from([1, 2, 3, 255]) };
    expect(displayedSamples(colour)).toEqual(Float64Array.from([1, 2, 3]));
    expect(compareFrame(grey([1, 2]), { width: 3, height: 1, channels: 1, samples: new Float64Array(3) })).toEqual({ mismatch: 'decoded 2 × 1, reference 3 × 1' });
    expect(compareFrame(grey([1]), { width: 1, height: 1, channels: 3, samples: new Float64Array(3) })).toEqual({ mismatch: 'decoded grey, reference colour' });
  });
});
