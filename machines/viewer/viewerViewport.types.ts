/**
 * How the image on the viewer's canvas is shown and handled (issue 12): the tool one finger uses,
 * the gesture under way, zoom and pan, the window (VOI) and its preset, the AI layer. The view keeps
 * the pointer math (src/features/viewer/gestures.ts) and tells this chart when a gesture starts and
 * what it came to when it ends.
 */

/** What one finger does on the image: scroll slices, drag the window, or pan. */
export type Tool = 'scroll' | 'window' | 'zoom';
export const TOOLS: readonly Tool[] = ['scroll', 'window', 'zoom'];

export interface Point {
  x: number;
  y: number;
}

/** A window (VOI): centre and width in modality values. */
export interface Window {
  center: number;
  width: number;
}

/**
 * `file`: each image's own window (Window Center / Width), or `auto` where it names none;
 * `auto`: each image's value range; the named ones are the fixed windows of a modality;
 * `custom`: what the patient dragged.
 */
export type PresetId = 'file' | 'auto' | 'lung' | 'mediastinum' | 'bone' | 'brain' | 'custom';

/** The fixed windows by modality (issue 12); every modality also has `file` and `auto`. */
export const MODALITY_PRESETS: Readonly<Record<string, Readonly<Partial<Record<PresetId, Window>>>>> = {
  CT: {
    lung: { center: -600, width: 1500 },
    mediastinum: { center: 40, width: 400 },
    bone: { center: 400, width: 1800 },
    brain: { center: 40, width: 80 },
  },
};

/** The presets a series of this modality offers, in the order the tool bar shows them. */
export function presetsFor(modality: string): PresetId[] {
  return ['file', 'auto', ...(Object.keys(MODALITY_PRESETS[modality.toUpperCase()] ?? {}) as PresetId[])];
}

/** The fixed window of a preset, or null for `file` and `auto` (which follow each image). */
export function presetWindow(modality: string, preset: PresetId): Window | null {
  return MODALITY_PRESETS[modality.toUpperCase()]?.[preset] ?? null;
}

/** Zoom is relative to fitting the image in the canvas (1); below fit is pointless, beyond 16x only blur. */
export const ZOOM_RANGE = { min: 1, max: 16 } as const;

export function clampZoom(zoom: number): number {
  return Number.isFinite(zoom) ? Math.min(ZOOM_RANGE.max, Math.max(ZOOM_RANGE.min, zoom)) : ZOOM_RANGE.min;
}

/** A window of at least width 1 with finite values, or null when it is not one. */
export function validWindow(window: Window | null): Window | null {
  if (!window || !Number.isFinite(window.center) || !Number.isFinite(window.width)) return null;
  return { center: window.center, width: Math.max(1, window.width) };
}

export interface ViewerViewportInput {
  /** The modality of the series on screen: which presets there are. */
  modality: string;
  /** Whether there are AI findings to draw (showAi and the findings arrived). */
  hasFindings: boolean;
}

export interface ViewerViewportContext extends ViewerViewportInput {
  tool: Tool;
  /** 1 fits the image in the canvas. */
  zoom: number;
  /** CSS pixels the image's centre is moved from the canvas centre. */
  pan: Point;
  preset: PresetId;
  /** The window for a named or custom preset; null for `file` and `auto`, which follow each image. */
  window: Window | null;
  /** The AI layer is drawn (on from the start when there are findings). */
  aiShown: boolean;
}

/** What a gesture came to when the fingers lifted: the view's live viewport at that moment. */
export interface GestureResult {
  zoom: number;
  pan: Point;
  /** The window it dragged to (a window drag only). */
  window: Window | null;
}

export type ViewerViewportEvent =
  | { type: 'CHOOSE_TOOL'; tool: Tool }
  /** Fingers went down on the image: one finger does what the tool says, two pinch and pan. */
  | { type: 'GESTURE_STARTED'; fingers: 1 | 2 }
  | ({ type: 'GESTURE_ENDED' } & GestureResult)
  /** The system took the pointers (a call, a system swipe): nothing of the gesture is kept. */
  | { type: 'GESTURE_CANCELLED' }
  /** Double tap: the whole image, centred. */
  | { type: 'FIT' }
  /** Fit, and each image's own window. */
  | { type: 'RESET' }
  | { type: 'APPLY_PRESET'; preset: PresetId }
  | { type: 'TOGGLE_AI' }
  /** The viewer shows another series: its modality, and the view starts afresh. */
  | { type: 'SERIES_SHOWN'; modality: string };
