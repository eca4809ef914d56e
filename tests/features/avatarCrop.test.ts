import { describe, expect, it } from 'vitest';
import { centred, clampView, cropOf, MAX_CROP_ZOOM, panView, zoomTo } from '../../src/features/personal/avatarCrop';

const photo = { width: 4000, height: 3000 };
const FRAME = 300;

describe("the avatar's square crop", () => {
  it('starts centred with the shorter side filling the frame', () => {
    const view = centred(photo, FRAME);
    expect(view.zoom).toBe(1);
    expect(cropOf(view, photo, FRAME)).toEqual({ x: 500, y: 0, width: 3000, height: 3000 });
  });

  it('never leaves a gap: panning stops at the edges, zoom stays within 1 and the maximum', () => {
    const view = centred(photo, FRAME);
    expect(cropOf(panView(view, 10_000, 50, photo, FRAME), photo, FRAME)).toEqual({ x: 0, y: 0, width: 3000, height: 3000 });
    expect(cropOf(panView(view, -10_000, 0, photo, FRAME), photo, FRAME)).toEqual({ x: 1000, y: 0, width: 3000, height: 3000 });
    expect(clampView({ zoom: 0.2, x: 5, y: 5 }, photo, FRAME).zoom).toBe(1);
    expect(zoomTo(view, 99, { x: 150, y: 150 }, photo, FRAME).zoom).toBe(MAX_CROP_ZOOM);
  });

  it('zooms about the fingers: the point under them stays', () => {
    const view = centred(photo, FRAME);
    const zoomed = zoomTo(view, 2, { x: 150, y: 150 }, photo, FRAME);
    // Twice the zoom about the centre: half the square, around the same centre.
    expect(cropOf(zoomed, photo, FRAME)).toEqual({ x: 1250, y: 750, width: 1500, height: 1500 });
  });
});
