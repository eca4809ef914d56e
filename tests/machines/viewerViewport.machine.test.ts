// @vitest-environment node
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { connectViewerViewport } from '../../machines/viewer/viewerViewport.connect';
import { viewerViewportMachine } from '../../machines/viewer/viewerViewport.machine';
import { viewerViewportEvents, viewerViewportFixtures, viewerViewportInput } from '../../machines/viewer/viewerViewport.model';
import { presetWindow, TOOLS } from '../../machines/viewer/viewerViewport.types';
import { viewerViewportOracle } from '../../machines/viewer/viewerViewport.oracle';
import { describeModel, startChart } from './modelHarness';

describeModel({
  name: 'viewerViewport',
  machine: viewerViewportMachine,
  events: viewerViewportEvents as never,
  input: viewerViewportInput,
  pinnedPaths: 576,
  oracle: viewerViewportOracle,
  start: () => startChart(viewerViewportMachine, { input: viewerViewportInput }),
});

function start(input = viewerViewportInput) {
  const actor = createActor(viewerViewportMachine, { input }).start();
  const view = () => connectViewerViewport(actor.getSnapshot(), actor.send);
  return { actor, view };
}

describe('viewer viewport, details', () => {
  it('offers the CT windows of the issue, and only file and auto for other modalities', () => {
    const ct = start();
    for (const [preset, window] of [
      ['lung', { center: -600, width: 1500 }],
      ['mediastinum', { center: 40, width: 400 }],
      ['bone', { center: 400, width: 1800 }],
      ['brain', { center: 40, width: 80 }],
    ] as const) {
      ct.view().applyPreset(preset);
      expect(ct.view()).toMatchObject({ preset, window });
    }
    ct.view().applyPreset('auto');
    expect(ct.view()).toMatchObject({ preset: 'auto', window: null });
    const mr = start({ modality: 'MR', hasFindings: false });
    expect(mr.view().presets).toEqual(['file', 'auto']);
    mr.view().applyPreset('lung');
    expect(mr.view().preset).toBe('file');
  });

  it('a series of another modality offers its own presets and drops a chosen window', () => {
    const { actor, view } = start();
    view().applyPreset('bone');
    actor.send({ type: 'SERIES_SHOWN', modality: 'MR' });
    expect(view()).toMatchObject({ presets: ['file', 'auto'], preset: 'file', window: null });
  });

  it('keeps zoom within fit and 16x, and ignores a gesture result that is not a number', () => {
    const { view } = start();
    view().startGesture(2);
    view().endGesture({ zoom: 40, pan: { x: Number.NaN, y: 5 }, window: null });
    expect(view()).toMatchObject({ zoom: 16, pan: { x: 0, y: 5 } });
    view().startGesture(2);
    view().endGesture({ zoom: 0.2, pan: { x: 1, y: 1 }, window: null });
    expect(view().zoom).toBe(1);
  });

  it('a window drag keeps a width of at least 1', () => {
    const { view } = start();
    view().chooseTool('window');
    view().startGesture(1);
    expect(view().gesture).toBe('windowing');
    view().endGesture({ ...viewerViewportFixtures.gesture, window: { center: 10, width: -30 } });
    expect(view()).toMatchObject({ preset: 'custom', window: { center: 10, width: 1 } });
  });

  it('fits or resets only what moved: zoom, pan across, pan down or the window', () => {
    for (const moved of [{ zoom: 2, pan: { x: 0, y: 0 } }, { zoom: 1, pan: { x: 5, y: 0 } }, { zoom: 1, pan: { x: 0, y: 5 } }]) {
      for (const intent of ['fit', 'reset'] as const) {
        const { view } = start();
        view().startGesture(2);
        view().endGesture({ ...moved, window: null });
        expect(view()).toMatchObject(moved);
        view()[intent]();
        expect(view()).toMatchObject({ zoom: 1, pan: { x: 0, y: 0 } });
      }
    }
    const { view } = start();
    view().applyPreset('bone');
    view().reset();
    expect(view()).toMatchObject({ preset: 'file', window: null });
  });

  it('drops a gesture the system took away, and switches the AI layer from the tool bar', () => {
    const { view } = start();
    view().startGesture(2);
    view().cancelGesture();
    expect(view()).toMatchObject({ gesture: 'idle', zoom: 1 });
    view().toggleAi();
    expect(view().aiShown).toBe(false);
    view().toggleAi();
    expect(view().aiShown).toBe(true);
  });

  it('lists the tools in the tool bar\'s order, and has no fixed window for a preset another modality lacks', () => {
    expect(TOOLS).toEqual(['scroll', 'window', 'zoom']);
    expect(presetWindow('MR', 'lung')).toBeNull();
    expect(presetWindow('ct', 'brain')).toEqual({ center: 40, width: 80 });
  });

  it('without findings the AI layer is off and cannot be switched on', () => {
    const { view } = start({ modality: 'CT', hasFindings: false });
    view().toggleAi();
    expect(view()).toMatchObject({ aiShown: false, canToggleAi: false });
  });
});
