import { describe, expect, it } from 'vitest';
import { compareFrame, displayedSamples, parsePnm, pearson } from '../../scripts/conformance/compare';
import type { CorpusEntry } from '../../scripts/conformance/corpus';
import { LOSSLESS, LOSSY } from '../../scripts/conformance/manifest';
import { verdict, type Outcome } from '../../scripts/conformance/outcome';
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
  const grey = (values: number[], invert = false): Frame =>
    ({ kind: 'grey', rows: 1, columns: values.length, values: Float32Array.from(values), min: Math.min(...values), max: Math.max(...values), invert });

  it('is blind to a linear window, not to a picture turned round', () => {
    expect(pearson([1, 2, 3, 5], [10, 20, 30, 50])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3, 5], [5, 3, 2, 1])).toBeLessThan(0);
    expect(pearson([4, 4], [4, 4])).toBe(1);
    expect(pearson([4, 4], [1, 2])).toBe(0);
  });

  it('negates MONOCHROME1, whose reference DCMTK already inverted', () => {
    const reference = { width: 3, height: 1, channels: 1 as const, samples: Float64Array.from([300, 200, 100]) };
    expect(compareFrame(grey([1, 2, 3], true), reference)).toMatchObject({ correlation: 1 });
    expect(compareFrame(grey([1, 2, 3]), reference)).toMatchObject({ correlation: -1 });
  });

  it('gives the modality range decoded with a grey frame, none with colour', () => {
    const reference = { width: 2, height: 1, channels: 1 as const, samples: Float64Array.from([0, 1]) };
    expect(compareFrame(grey([-1024, 40]), reference)).toEqual({ correlation: 1, min: -1024, max: 40 });
  });

  it('compares colour as R, G and B, and says when the frames cannot be compared', () => {
    const colour: Frame = { kind: 'colour', rows: 1, columns: 1, rgba: Uint8ClampedArray.from([1, 2, 3, 255]) };
    expect(displayedSamples(colour)).toEqual(Float64Array.from([1, 2, 3]));
    expect(compareFrame(grey([1, 2]), { width: 3, height: 1, channels: 1, samples: new Float64Array(3) })).toEqual({ mismatch: 'decoded 2 × 1, reference 3 × 1' });
    expect(compareFrame(grey([1]), { width: 1, height: 1, channels: 3, samples: new Float64Array(3) })).toEqual({ mismatch: 'decoded grey, reference colour' });
  });
});

describe('verdict', () => {
  const entry = (expect: CorpusEntry['expect']): CorpusEntry => ({
    name: 'x', file: '/x.dcm', made: 'test', transferSyntaxUid: '1.2.840.10008.1.2.1', photometric: 'MONOCHROME2', samplesPerPixel: 1,
    bitsAllocated: 16, bitsStored: 12, signed: false, planarConfiguration: null, frames: 1,
    references: [{ frame: 0, file: '/x.f0.pnm', range: { min: -1000, max: 1000 } }], expect, expectedToFail: null,
  });

  it('holds a lossless file to DCMTK\'s modality range, a lossy one within 2% of it', () => {
    const decoded = (min: number, max: number): Outcome => ({ decoded: true, frames: [{ frame: 0, correlation: 0.9999, min, max }] });
    expect(verdict(entry({ rendered: LOSSLESS }), decoded(-1000, 1000))).toBeNull();
    expect(verdict(entry({ rendered: LOSSLESS }), decoded(24, 2024))).toBe("frame 0: modality values 24..2024, DCMTK's -1000..1000");
    expect(verdict(entry({ rendered: LOSSY }), decoded(-1030, 1030))).toBeNull();
    expect(verdict(entry({ rendered: LOSSY }), decoded(-1050, 1000))).not.toBeNull();
  });

  it('wants the correlation and the refusal the entry names', () => {
    expect(verdict(entry({ rendered: LOSSLESS }), { decoded: true, frames: [{ frame: 0, correlation: 0.99 }] })).toBe('frame 0: r = 0.99000 < 0.999');
    expect(verdict(entry({ refused: 'truncated' }), { decoded: false, problem: 'truncated', message: '' })).toBeNull();
    expect(verdict(entry({ refused: 'truncated' }), { decoded: false, problem: 'corrupt', message: 'm' })).toBe('expected refusal (truncated), got corrupt: m');
    expect(verdict(entry({ refused: 'truncated' }), { decoded: true, frames: [] })).toBe('expected refusal (truncated), but it decoded');
  });
});
