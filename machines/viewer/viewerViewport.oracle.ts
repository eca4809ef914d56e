import type { SnapshotFrom } from 'xstate';
import type { Oracle, Pattern } from '../oracle';
import { connectViewerViewport } from './viewerViewport.connect';
import type { ViewerViewportMachine } from './viewerViewport.machine';

const GESTURES = 'issue 12, item 3: swipe and scrubber scroll, pinch zoom, pan, double-tap to fit, window/level by drag when the W/L tool is chosen';
const PRESETS = 'issue 12, item 3: window/level with the modality\'s presets (CT lung -600/1500, mediastinum 40/400, bone 400/1800, brain 40/80); reset';
const AI = 'spec §4 (showAi=true); issue 12, item 3: AI findings drawn, toggled';

const idle: Pattern = { saw: { gesture: 'idle' } };
const unchanged = (...fields: string[]): Pattern => ({ sees: Object.fromEntries(fields.map((field) => [field, { sameAs: `saw.${field}` }])) });
const oneFinger = (tool: string, gesture: string) => ({
  kind: 'always' as const,
  if: { all: [{ input: 'GESTURE_STARTED', with: { fingers: 1 } }, { saw: { gesture: 'idle', tool } }] },
  then: { sees: { gesture } },
});

/** What the viewer's image handling must do, from the specification and issue 12. */
export const viewerViewportOracle: Oracle<SnapshotFrom<ViewerViewportMachine>> = {
  chart: 'viewerViewport',
  view: (snapshot) => {
    const { gesture, tool, zoom, pan, preset, window, presets, aiShown, canToggleAi } = connectViewerViewport(snapshot, () => {});
    return { gesture, tool, zoom, pan, preset, window, presets, aiShown, canToggleAi };
  },
  promises: [
    {
      id: 'opens-fitted',
      says: 'An image opens whole and centred, in its own window, with one finger scrolling, and the AI findings drawn when there are any.',
      source: `${GESTURES}; ${AI}`,
      rule: {
        kind: 'always',
        if: { input: 'start' },
        then: { sees: { gesture: 'idle', tool: 'scroll', zoom: 1, pan: { x: 0, y: 0 }, preset: 'file', window: null, aiShown: { sameAs: 'input.input.hasFindings' } } },
      },
    },
    {
      id: 'ct-presets',
      says: 'A CT series offers the lung, mediastinum, bone and brain windows besides the file\'s own and auto.',
      source: PRESETS,
      rule: { kind: 'always', if: { input: 'start', with: { input: { modality: 'CT' } } }, then: { sees: { presets: { 0: 'file', 1: 'auto', 2: 'lung', 3: 'mediastinum', 4: 'bone', 5: 'brain' } } } },
    },
    { id: 'one-finger-scrolls', says: 'With the scroll tool one finger scrolls the slices.', source: GESTURES, rule: oneFinger('scroll', 'scrolling') },
    { id: 'one-finger-windows', says: 'With the W/L tool one finger drags the window.', source: GESTURES, rule: oneFinger('window', 'windowing') },
    { id: 'one-finger-pans', says: 'With the zoom tool one finger pans.', source: GESTURES, rule: oneFinger('zoom', 'panning') },
    {
      id: 'two-fingers-pinch',
      says: 'Two fingers pinch to zoom and pan, whatever the tool.',
      source: GESTURES,
      rule: { kind: 'always', if: { all: [{ input: 'GESTURE_STARTED', with: { fingers: 2 } }, idle] }, then: { sees: { gesture: 'pinching' } } },
    },
    {
      id: 'window-drag-kept',
      says: 'A window dragged to is the window afterwards; zoom and pan stay.',
      source: GESTURES,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'GESTURE_ENDED', with: { window: { present: true } } }, { saw: { gesture: 'windowing' } }] },
        then: { all: [{ sees: { gesture: 'idle', preset: 'custom', window: { sameAs: 'input.window' } } }, unchanged('zoom', 'pan')] },
      },
    },
    {
      id: 'pinch-and-pan-kept',
      says: 'Where a pinch or a pan left the image is where it stays; the window stays.',
      source: GESTURES,
      rule: {
        kind: 'always',
        if: { all: [{ input: 'GESTURE_ENDED' }, { saw: { gesture: { oneOf: ['pinching', 'panning'] } } }] },
        then: { all: [{ sees: { gesture: 'idle', zoom: { sameAs: 'input.zoom' }, pan: { sameAs: 'input.pan' } } }, unchanged('window', 'preset')] },
      },
    },
    {
      id: 'fingers-lifted',
      says: 'When the fingers lift, no gesture is under way any more.',
      source: GESTURES,
      rule: { kind: 'always', if: { input: ['GESTURE_ENDED', 'GESTURE_CANCELLED'] }, then: { sees: { gesture: 'idle' } } },
    },
    {
      id: 'scrolling-moves-no-image',
      says: 'Scrolling through slices leaves zoom, pan and window as they were.',
      source: GESTURES,
      rule: { kind: 'always', if: { all: [{ input: 'GESTURE_ENDED' }, { saw: { gesture: 'scrolling' } }] }, then: { all: [{ sees: { gesture: 'idle' } }, unchanged('zoom', 'pan', 'window')] } },
    },
    {
      id: 'cancelled-gesture-changes-nothing',
      says: 'A gesture the system took away changes nothing.',
      source: GESTURES,
      rule: { kind: 'always', if: { input: 'GESTURE_CANCELLED' }, then: { all: [{ sees: { gesture: 'idle' } }, unchanged('zoom', 'pan', 'window', 'tool')] } },
    },
    {
      id: 'double-tap-fits',
      says: 'A double tap shows the whole image, centred, in the same window.',
      source: GESTURES,
      rule: { kind: 'always', if: { all: [{ input: 'FIT' }, idle] }, then: { all: [{ sees: { zoom: 1, pan: { x: 0, y: 0 } } }, unchanged('window', 'preset')] } },
    },
    {
      id: 'reset-starts-afresh',
      says: 'Reset shows the whole image in its own window.',
      source: PRESETS,
      rule: { kind: 'always', if: { all: [{ input: 'RESET' }, idle] }, then: { sees: { zoom: 1, pan: { x: 0, y: 0 }, preset: 'file', window: null } } },
    },
    {
      id: 'lung-window',
      says: 'The lung preset of a CT is centre -600, width 1500.',
      source: PRESETS,
      rule: { kind: 'always', if: { all: [{ input: 'APPLY_PRESET', with: { preset: 'lung' } }, idle] }, then: { sees: { preset: 'lung', window: { center: -600, width: 1500 } } } },
    },
    {
      id: 'tool-chosen',
      says: 'The tool chosen is what one finger does next.',
      source: GESTURES,
      rule: { kind: 'always', if: { all: [{ input: 'CHOOSE_TOOL' }, idle] }, then: { sees: { tool: { sameAs: 'input.tool' } } } },
    },
    {
      id: 'nothing-else-mid-gesture',
      says: 'While fingers are on the image, the tool bar changes neither the tool nor the image.',
      source: GESTURES,
      rule: {
        kind: 'always',
        if: { all: [{ input: ['CHOOSE_TOOL', 'FIT', 'RESET', 'APPLY_PRESET', 'TOGGLE_AI'] }, { saw: { gesture: { not: 'idle' } } }] },
        then: unchanged('gesture', 'tool', 'zoom', 'pan', 'window', 'aiShown'),
      },
    },
    {
      id: 'ai-hidden',
      says: 'The AI toggle hides findings that are shown.',
      source: AI,
      rule: { kind: 'always', if: { all: [{ input: 'TOGGLE_AI' }, { saw: { gesture: 'idle', aiShown: true } }] }, then: { sees: { aiShown: false } } },
    },
    {
      id: 'ai-shown',
      says: 'The AI toggle shows findings that are hidden.',
      source: AI,
      rule: { kind: 'always', if: { all: [{ input: 'TOGGLE_AI' }, { saw: { gesture: 'idle', aiShown: false, canToggleAi: true } }] }, then: { sees: { aiShown: true } } },
    },
    {
      id: 'new-series-afresh',
      says: 'Another series shows whole, in its own window, and drops a gesture under way.',
      source: GESTURES,
      rule: { kind: 'always', if: { input: 'SERIES_SHOWN' }, then: { sees: { gesture: 'idle', zoom: 1, pan: { x: 0, y: 0 }, preset: 'file', window: null } } },
    },
  ],
};
