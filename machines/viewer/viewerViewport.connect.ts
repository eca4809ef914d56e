import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ViewerViewportMachine } from './viewerViewport.machine';
import { presetsFor, type GestureResult, type PresetId, type Tool } from './viewerViewport.types';

/** What the canvas, the tool bar and the overlay need of the viewport: values, and intents in the patient's words. */
export function connectViewerViewport(snapshot: SnapshotFrom<ViewerViewportMachine>, send: ActorRefFrom<ViewerViewportMachine>['send']) {
  const { tool, zoom, pan, preset, window, aiShown, hasFindings, modality } = snapshot.context;
  const gesture = String(snapshot.value);
  return {
    /** `idle`, or the gesture under way: `scrolling`, `windowing`, `panning`, `pinching`. */
    gesture,
    tool,
    zoom,
    pan,
    preset,
    /** The window of a named or custom preset; null: each image's own (`file`) or its range (`auto`). */
    window,
    presets: presetsFor(modality),
    /** The AI layer has something to draw and may be switched. */
    canToggleAi: hasFindings,
    aiShown,
    chooseTool: (next: Tool) => send({ type: 'CHOOSE_TOOL', tool: next }),
    startGesture: (fingers: 1 | 2) => send({ type: 'GESTURE_STARTED', fingers }),
    endGesture: (result: GestureResult) => send({ type: 'GESTURE_ENDED', ...result }),
    cancelGesture: () => send({ type: 'GESTURE_CANCELLED' }),
    fit: () => send({ type: 'FIT' }),
    reset: () => send({ type: 'RESET' }),
    applyPreset: (next: PresetId) => send({ type: 'APPLY_PRESET', preset: next }),
    toggleAi: () => send({ type: 'TOGGLE_AI' }),
  };
}
export type ViewerViewportView = ReturnType<typeof connectViewerViewport>;
