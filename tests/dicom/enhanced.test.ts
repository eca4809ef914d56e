// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { SyntaxName } from '../../server/dicom/write/index';
import type { DecodedFrame, GreyFrame } from '../../src/features/viewer/dicom/decoded';
import { decodeFrame } from '../../src/features/viewer/dicom/decodeFrame';
import { dicomFile, greySource, ramp } from './images';

/** Enhanced multi-frame (PS3.3 C.7.6.16): each frame's own rescale, window and spacing; and cine timing. */

function grey(decoded: DecodedFrame): GreyFrame {
  if (decoded.frame.kind !== 'grey') throw new Error(`expected a grey frame, got ${decoded.frame.kind}`);
  return decoded.frame;
}

const TWELVE_BIT = { bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 0 } as const;
const FRAMES = [ramp(0, 4095, 0), ramp(0, 4095, 1), ramp(0, 4095, 2)];

/** Shared: CT rescale, one window, 0.5 mm pixels. Frame 1 its own rescale and windows; frame 3 its own spacing. */
const ENHANCED_TAGS = {
  SOPClassUID: '1.2.840.10008.5.1.4.1.1.2.1',
  SharedFunctionalGroupsSequence: [{
    PixelMeasuresSequence: [{ PixelSpacing: [0.5, 0.5], SliceThickness: 1 }],
    PixelValueTransformationSequence: [{ RescaleSlope: 1, RescaleIntercept: -1024, RescaleType: 'HU' }],
    FrameVOILUTSequence: [{ WindowCenter: 40, WindowWidth: 400 }],
  }],
  PerFrameFunctionalGroupsSequence: [
    {
      FrameContentSequence: [{ InStackPositionNumber: 1 }],
      PixelValueTransformationSequence: [{ RescaleSlope: 2, RescaleIntercept: -2000, RescaleType: 'US' }],
      FrameVOILUTSequence: [{ WindowCenter: [100, 50], WindowWidth: [500, 200] }],
    },
    { FrameContentSequence: [{ InStackPositionNumber: 2 }] },
    { FrameContentSequence: [{ InStackPositionNumber: 3 }], PixelMeasuresSequence: [{ PixelSpacing: [0.3, 0.4] }] },
  ],
};

describe('enhanced multi-frame: per-frame functional groups over the shared ones', () => {
  it.each(['explicitLittle', 'implicitLittle', 'explicitBig', 'jpegLossless'] as SyntaxName[])('in %s, each frame with its own values', async (syntax) => {
    const bytes = await dicomFile(greySource(TWELVE_BIT, FRAMES), syntax, ENHANCED_TAGS);
    const [first, second, third] = await Promise.all([0, 1, 2].map((index) => decodeFrame(bytes, index)));

    expect(Array.from(grey(first!).values)).toEqual(FRAMES[0]!.map((v) => v * 2 - 2000));
    expect(first!.info.windows).toEqual([{ center: 100, width: 500 }, { center: 50, width: 200 }]);
    expect(first!.info.pixelSpacing).toEqual([0.5, 0.5]);

    expect(Array.from(grey(second!).values)).toEqual(FRAMES[1]!.map((v) => v - 1024));
    expect(second!.info.windows).toEqual([{ center: 40, width: 400 }]);
    expect(second!.info.pixelSpacing).toEqual([0.5, 0.5]);

    expect(Array.from(grey(third!).values)).toEqual(FRAMES[2]!.map((v) => v - 1024));
    expect(third!.info.pixelSpacing).toEqual([0.3, 0.4]);
    expect([third!.info.numberOfFrames, grey(third!).min, grey(third!).max]).toEqual([3, -1024, 4095 - 1024]);
  });

  it('top-level values still apply where the groups say nothing', async () => {
    const bytes = await dicomFile(greySource(TWELVE_BIT, FRAMES), 'explicitLittle', {
      RescaleIntercept: -7,
      RescaleSlope: 1,
      WindowCenter: 10,
      WindowWidth: 20,
      PerFrameFunctionalGroupsSequence: [{}, { PixelValueTransformationSequence: [{ RescaleSlope: 1, RescaleIntercept: 5 }] }, {}],
    });
    const [first, second] = await Promise.all([0, 1].map((index) => decodeFrame(bytes, index)));
    expect(Array.from(grey(first!).values)).toEqual(FRAMES[0]!.map((v) => v - 7));
    expect(Array.from(grey(second!).values)).toEqual(FRAMES[1]!.map((v) => v + 5));
    expect(second!.info.windows).toEqual([{ center: 10, width: 20 }]);
  });
});

describe('frame time, for cine at the file\'s own rate', () => {
  const file = (tags: Record<string, unknown>) => dicomFile(greySource(TWELVE_BIT, FRAMES), 'explicitLittle', tags);

  it.each([
    ['Frame Time', { FrameTime: 33.3 }, 33.3],
    ['Frame Time over Cine Rate', { FrameTime: 40, CineRate: 30 }, 40],
    ['Cine Rate', { CineRate: 25 }, 40],
    ['Cine Rate over Recommended Display Frame Rate', { CineRate: 25, RecommendedDisplayFrameRate: 10 }, 40],
    ['Recommended Display Frame Rate', { RecommendedDisplayFrameRate: 20 }, 50],
    ['a Frame Time of 0 (none) then the Cine Rate', { FrameTime: 0, CineRate: 50 }, 20],
    ['nothing', {}, null],
  ] as const)('%s', async (_name, tags, expected) => {
    expect((await decodeFrame(await file(tags), 1)).info.frameTimeMs).toBe(expected);
  });

  it('an enhanced multi-frame\'s Frame Time in its groups, the frame\'s own first', async () => {
    const bytes = await file({
      SharedFunctionalGroupsSequence: [{ FrameContentSequence: [{ FrameTime: 50 }] }],
      PerFrameFunctionalGroupsSequence: [{}, { FrameContentSequence: [{ FrameTime: 20 }] }, {}],
    });
    expect((await decodeFrame(bytes, 0)).info.frameTimeMs).toBe(50);
    expect((await decodeFrame(bytes, 1)).info.frameTimeMs).toBe(20);
  });
});
