/**
 * Candidate (c): dwv, a whole DICOM web viewer in one package (its own parser, decoding on the main
 * thread for uncompressed data, Canvas 2D). It loads the series as one volume and shows the first
 * file that arrives, so the middle slice is asked for first and shown once the volume is whole.
 */
import { App, AppOptions, Index, ViewConfig, type ViewController } from 'dwv';
import { runHarness, type Manifest } from './harness';

const app = new App();
let controller: ViewController;
let pending: (() => void) | null = null;

/** Moves to slice `index` of the volume; dwv draws at once, in the call. */
function moveTo(index: number): boolean {
  const values = controller.getCurrentIndex().getValues();
  values[controller.getScrollDimIndex()] = index;
  return controller.setCurrentIndex(new Index(values));
}

function onNextFrame(index: number): Promise<void> {
  return new Promise((resolve, reject) =>
    requestAnimationFrame(() => {
      pending = resolve;
      if (!moveTo(index)) reject(new Error(`dwv cannot show slice ${index}`));
    }),
  );
}

let loaded: Promise<void>;
let manifest: Manifest;

void runHarness({
  showFirst(stage, given) {
    manifest = given;
    const group = document.createElement('div');
    group.id = 'layerGroup0';
    group.style.width = group.style.height = '100%';
    stage.append(group);
    app.init(new AppOptions({ '*': [new ViewConfig('layerGroup0')] }));
    app.addEventListener('renderend', () => {
      pending?.();
      pending = null;
    });
    const first = new Promise<void>((resolve) => (pending = resolve));
    loaded = new Promise<void>((resolve, reject) => {
      app.addEventListener('load', (event: { dataid: string }) => {
        controller = app.getViewLayersByDataId(event.dataid)[0]!.getViewController();
        resolve();
      });
      app.addEventListener('error', (event: { error?: unknown }) => reject(new Error(String(event.error ?? 'dwv could not load the series'))));
    });
    const urls = [manifest.urls[manifest.first]!, ...manifest.urls.filter((_, i) => i !== manifest.first)];
    app.loadURLs(urls, { batchSize: 3 });
    return first.then(() => {
      const canvas = group.querySelector('canvas');
      canvas?.setAttribute('data-testid', 'viewer-canvas');
    });
  },
  async loadRest() {
    await loaded;
    // Where the others are when scrolling starts: the middle slice.
    if (controller.getCurrentIndex().getValues()[controller.getScrollDimIndex()] !== manifest.first) await onNextFrame(manifest.first);
  },
  show: (index) => ({ asked: Promise.resolve(), drawn: onNextFrame(index) }),
});
