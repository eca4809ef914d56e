/**
 * The viewport's events for path generation: a CT series with AI findings; one gesture outcome
 * (zoomed in and moved, a window dragged to), one preset, and a new series of the same modality
 * (so the paths stay within one set of presets).
 */
export const viewerViewportInput = { modality: 'CT', hasFindings: true };

const gesture = { zoom: 2.5, pan: { x: 30, y: -12 }, window: { center: 60, width: 350 } };

export const viewerViewportEvents = [
  { type: 'CHOOSE_TOOL', tool: 'scroll' },
  { type: 'CHOOSE_TOOL', tool: 'window' },
  { type: 'CHOOSE_TOOL', tool: 'zoom' },
  { type: 'GESTURE_STARTED', fingers: 1 },
  { type: 'GESTURE_STARTED', fingers: 2 },
  { type: 'GESTURE_ENDED', ...gesture },
  { type: 'GESTURE_ENDED', zoom: 1, pan: { x: 0, y: 0 }, window: null },
  { type: 'GESTURE_CANCELLED' },
  { type: 'FIT' },
  { type: 'RESET' },
  { type: 'APPLY_PRESET', preset: 'lung' },
  { type: 'TOGGLE_AI' },
  { type: 'SERIES_SHOWN', modality: 'CT' },
];

export const viewerViewportFixtures = { gesture };
