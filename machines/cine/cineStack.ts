import { statusOf } from '../viewer/loadPlan';
import type { ImageRef, ImageState, StudyStack } from '../viewer/viewer.types';
import type { CineFrames, FrameStatus } from './cine.types';

/**
 * The clip as the viewer chart holds it: the frames of the instance on screen are images of its
 * series, in frame order. Pure: the viewer chart tells the player what these say.
 */
interface Stack {
  study: StudyStack | null;
  seriesIndex: number;
  sliceIndex: number;
  images: Readonly<Record<string, ImageState>>;
}

/** The index of the frame after the one on screen in its instance; after the last, its first (a clip loops). */
export function nextInClip(images: readonly ImageRef[], index: number): number {
  const here = images[index]!;
  if (images[index + 1]?.sopUid === here.sopUid) return index + 1;
  return images.findIndex((image) => image.sopUid === here.sopUid);
}

const frameStatus = (images: Stack['images'], key: string): FrameStatus => {
  const status = statusOf(images, key);
  return status === 'ready' || status === 'failed' ? status : 'pending';
};

/** What the player is told of the stack on screen: the instance, and whether its frame on screen and the next are there. */
export function cineFrames({ study, seriesIndex, sliceIndex, images }: Stack): CineFrames {
  const series = study!.series[seriesIndex]!;
  const image = series.images[sliceIndex]!;
  return {
    instance: { sopUid: image.sopUid, modality: series.modality, frames: image.frames },
    current: frameStatus(images, image.key),
    next: frameStatus(images, series.images[nextInClip(series.images, sliceIndex)]!.key),
  };
}

/** The instance an image key names (`<sopUid>:<frame>`). */
export const sopUidOf = (key: string) => key.slice(0, key.lastIndexOf(':'));
