import type { ImageRef } from './viewer.types';

/**
 * Slices by where they are in the patient (issue 27 §3): two studies of the same body part scroll in
 * step by position, not by index, since their slices need not be as thick nor start at the same
 * height. A position is the image list's (Image Position Patient z, else Slice Location), in mm.
 */

/** The position of a slice, or null when the image list did not give one. */
export const positionOf = (image: Pick<ImageRef, 'position'> | undefined): number | null => image?.position ?? null;

/** The slice nearest to a position (the first of two as near), or null when the series gives no positions. */
export function nearestSlice(images: readonly Pick<ImageRef, 'position'>[], position: number): number | null {
  let best: number | null = null;
  let bestDistance = Infinity;
  images.forEach((image, index) => {
    const at = positionOf(image);
    if (at === null) return;
    const distance = Math.abs(at - position);
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}
