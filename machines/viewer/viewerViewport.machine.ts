import { assign, setup } from 'xstate';
import {
  clampZoom,
  presetsFor,
  presetWindow,
  validWindow,
  type GestureResult,
  type PresetId,
  type Tool,
  type ViewerViewportContext,
  type ViewerViewportEvent,
  type ViewerViewportInput,
} from './viewerViewport.types';

const fitted = { zoom: 1, pan: { x: 0, y: 0 } } as const;
const ownWindows = { preset: 'file', window: null } as const;

/**
 * The viewer's viewport chart: the tool, the gesture under way, zoom, pan, window and the AI layer
 * of the image on screen. The viewer chart runs it as its child and tells it of a series change;
 * the view tells it when a gesture starts and what it came to.
 */
export const viewerViewportMachine = setup({
  types: {
    context: {} as ViewerViewportContext,
    events: {} as ViewerViewportEvent,
    input: {} as ViewerViewportInput,
  },
  actions: {
    keepZoomAndPan: assign((_, result: GestureResult) => ({ zoom: clampZoom(result.zoom), pan: finitePoint(result.pan) })),
    keepWindow: assign((_, result: GestureResult) => ({ preset: 'custom' as const, window: validWindow(result.window) })),
  },
  guards: {
    isOtherTool: ({ context }, tool: Tool) => tool !== context.tool,
    toolIs: ({ context }, tool: Tool) => context.tool === tool,
    isTwoFingers: (_, fingers: 1 | 2) => fingers === 2,
    isMoved: ({ context }) => context.zoom !== 1 || context.pan.x !== 0 || context.pan.y !== 0,
    isChanged: ({ context }) => context.zoom !== 1 || context.pan.x !== 0 || context.pan.y !== 0 || context.preset !== 'file',
    isOfferedAndOther: ({ context }, preset: PresetId) => preset !== context.preset && presetsFor(context.modality).includes(preset),
    hasWindow: (_, result: GestureResult) => validWindow(result.window) !== null,
    hasFindings: ({ context }) => context.hasFindings,
  },
}).createMachine({
  id: 'viewerViewport',
  context: ({ input }) => ({ ...input, tool: 'scroll', ...fitted, ...ownWindows, aiShown: input.hasFindings }),
  initial: 'idle',
  on: {
    SERIES_SHOWN: {
      target: '.idle',
      description: 'Another series: its presets, fitted, its own windows; a gesture under way is dropped.',
      actions: assign(({ event }) => ({ modality: event.modality, ...fitted, ...ownWindows })),
    },
  },
  states: {
    idle: {
      on: {
        CHOOSE_TOOL: { guard: { type: 'isOtherTool', params: ({ event }) => event.tool }, actions: assign({ tool: ({ event }) => event.tool }) },
        GESTURE_STARTED: [
          { guard: { type: 'isTwoFingers', params: ({ event }) => event.fingers }, target: 'pinching' },
          { guard: { type: 'toolIs', params: 'window' }, target: 'windowing' },
          { guard: { type: 'toolIs', params: 'zoom' }, target: 'panning' },
          { target: 'scrolling' },
        ],
        FIT: { guard: 'isMoved', actions: assign(fitted) },
        RESET: { guard: 'isChanged', actions: assign({ ...fitted, ...ownWindows }) },
        APPLY_PRESET: {
          guard: { type: 'isOfferedAndOther', params: ({ event }) => event.preset },
          actions: assign(({ context, event }) => ({ preset: event.preset, window: presetWindow(context.modality, event.preset) })),
        },
        TOGGLE_AI: { guard: 'hasFindings', actions: assign({ aiShown: ({ context }) => !context.aiShown }) },
      },
    },
    scrolling: {
      description: 'One finger steps through the slices (the view sends each step to the viewer chart).',
      on: { GESTURE_ENDED: 'idle', GESTURE_CANCELLED: 'idle' },
    },
    windowing: {
      on: {
        GESTURE_ENDED: [
          { guard: { type: 'hasWindow', params: ({ event }) => event }, target: 'idle', actions: { type: 'keepWindow', params: ({ event }) => event } },
          { target: 'idle' },
        ],
        GESTURE_CANCELLED: 'idle',
      },
    },
    panning: {
      on: {
        GESTURE_ENDED: { target: 'idle', actions: { type: 'keepZoomAndPan', params: ({ event }) => event } },
        GESTURE_CANCELLED: 'idle',
      },
    },
    pinching: {
      description: 'Two fingers zoom about their centre and pan as they move.',
      on: {
        GESTURE_ENDED: { target: 'idle', actions: { type: 'keepZoomAndPan', params: ({ event }) => event } },
        GESTURE_CANCELLED: 'idle',
      },
    },
  },
});

function finitePoint(point: { x: number; y: number }) {
  return { x: Number.isFinite(point.x) ? point.x : 0, y: Number.isFinite(point.y) ? point.y : 0 };
}

export type ViewerViewportMachine = typeof viewerViewportMachine;
