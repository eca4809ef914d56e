import { clampZoom, type Point, type Tool, type Window } from '../../../machines/viewer/viewerViewport.types';

/**
 * The pointer math of the viewer's canvas, pure: where fingers went since a gesture began, turned
 * into what the patient sees live (zoom, pan, window, slices stepped). The viewport chart hears only
 * that a gesture began and what it came to; the viewer chart hears each slice step.
 */

/** What the image looked like when the gesture began. */
export interface ViewportNow {
  zoom: number;
  pan: Point;
  /** The window the image is drawn with (its own, a preset or a dragged one); null for colour. */
  window: Window | null;
}

export type GestureKind = 'scroll' | 'window' | 'pan' | 'pinch';

export interface Gesture {
  kind: GestureKind;
  start: ViewportNow;
  /** Where each finger went down, by pointer id. */
  from: ReadonlyMap<number, Point>;
  /** The canvas centre, in the same coordinates as the pointers (pinch zooms about the fingers). */
  centre: Point;
  /** Pixels of finger travel per slice (scroll). */
  stepPx: number;
}

/** What the patient sees during the gesture, and the slices stepped since it began (scroll). */
export interface GestureFrame {
  live: ViewportNow;
  stepped: number;
}

/** What one finger does with each tool. */
export const ONE_FINGER: Readonly<Record<Tool, GestureKind>> = { scroll: 'scroll', window: 'window', zoom: 'pan' };

/** Finger travel per slice: the stack over the canvas height, between 4 and 24 px. */
export function stepPixels(canvasHeight: number, sliceCount: number): number {
  return Math.min(24, Math.max(4, canvasHeight / Math.max(1, sliceCount)));
}

export function beginGesture(
  kind: GestureKind,
  pointers: ReadonlyMap<number, Point>,
  start: ViewportNow,
  layout: { centre: Point; stepPx: number },
): Gesture {
  return { kind, start, from: new Map(pointers), centre: layout.centre, stepPx: layout.stepPx };
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** The first two fingers of the gesture that are still down: where they began, where they are. */
function pair(gesture: Gesture, now: ReadonlyMap<number, Point>): [Point, Point, Point, Point] | null {
  const ids = [...gesture.from.keys()].filter((id) => now.has(id)).slice(0, 2);
  if (ids.length < 2) return null;
  const [a, b] = ids as [number, number];
  return [gesture.from.get(a)!, gesture.from.get(b)!, now.get(a)!, now.get(b)!];
}

/** The gesture as the fingers are now. */
export function followGesture(gesture: Gesture, now: ReadonlyMap<number, Point>): GestureFrame {
  const { start } = gesture;
  const [id] = gesture.from.keys();
  const first = id === undefined ? undefined : gesture.from.get(id);
  const current = id === undefined ? undefined : now.get(id);
  const moved = first && current ? { x: current.x - first.x, y: current.y - first.y } : { x: 0, y: 0 };
  switch (gesture.kind) {
    case 'scroll': {
      // Finger up: on through the stack, as content scrolls.
      return { live: start, stepped: Math.trunc(-moved.y / gesture.stepPx) || 0 };
    }
    case 'window':
      return { live: { ...start, window: dragWindow(start.window, moved) }, stepped: 0 };
    case 'pan':
      return { live: { ...start, pan: { x: start.pan.x + moved.x, y: start.pan.y + moved.y } }, stepped: 0 };
    case 'pinch': {
      const fingers = pair(gesture, now);
      if (!fingers) return { live: start, stepped: 0 };
      const [a0, b0, a1, b1] = fingers;
      const zoom = clampZoom(start.zoom * (distance(a1, b1) / Math.max(1, distance(a0, b0))));
      const [m0, m1] = [middle(a0, b0), middle(a1, b1)];
      // The point of the image under the fingers stays under them.
      const k = zoom / start.zoom;
      const pan = {
        x: m1.x - gesture.centre.x - (m0.x - gesture.centre.x - start.pan.x) * k,
        y: m1.y - gesture.centre.y - (m0.y - gesture.centre.y - start.pan.y) * k,
      };
      return { live: { ...start, zoom, pan }, stepped: 0 };
    }
  }
}

/**
 * Window/level by drag: right widens the window (less contrast), down raises its centre (darker).
 * One pixel moves about 1/256 of the width the drag began with, so a phone's width spans about as
 * much as the window itself.
 */
export function dragWindow(window: Window | null, moved: Point): Window | null {
  if (!window) return null;
  const perPixel = Math.max(window.width, 1) / 256;
  return { center: window.center + moved.y * perPixel, width: Math.max(1, window.width + moved.x * perPixel) };
}

/** A tap: short, and the finger barely moved. */
export const TAP = { maxMs: 250, maxMovePx: 10 } as const;
/** Two taps this close in time and place are a double tap. */
export const DOUBLE_TAP = { maxMs: 300, maxDistancePx: 30 } as const;

export interface Tap {
  at: Point;
  time: number;
}

export function isTap(down: Tap, up: Tap): boolean {
  return up.time - down.time <= TAP.maxMs && distance(down.at, up.at) <= TAP.maxMovePx;
}

export function isDoubleTap(previous: Tap | null, tap: Tap): boolean {
  return previous !== null && tap.time - previous.time <= DOUBLE_TAP.maxMs && distance(previous.at, tap.at) <= DOUBLE_TAP.maxDistancePx;
}

/** Wheel travel per slice, in pixels (a mouse notch is about 100, a trackpad sends many small ones). */
export const WHEEL_STEP_PX = 50;

/** Slices to step for a wheel movement, and the travel left over for the next one. */
export function wheelSteps(carried: number, deltaY: number, deltaMode: number): { steps: number; carried: number } {
  // deltaMode 1 is lines, 2 pages; make both pixels.
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  const total = carried + pixels;
  const steps = Math.trunc(total / WHEEL_STEP_PX) || 0;
  return { steps, carried: total - steps * WHEEL_STEP_PX };
}
