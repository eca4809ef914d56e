/**
 * Candidate (b), the peer: Cornerstone3D's stack viewport (the engine inside OHIF) with its DICOM
 * image loader (`wadouri:` image ids, decoded in its web workers). `?render=cpu` (the default)
 * turns on its Canvas 2D fallback, as on a phone without WebGL; `?render=gpu` keeps its WebGL path.
 */
import { Enums, getShouldUseCPURendering, imageLoader, init as initCore, RenderingEngine, setUseCPURendering, type Types } from '@cornerstonejs/core';
import { init as initLoader } from '@cornerstonejs/dicom-image-loader';
import { eachSlice, runHarness, type Manifest } from './harness';

const render = new URLSearchParams(location.search).get('render') ?? 'cpu';
const notes: string[] = [];
let manifest: Manifest;
let imageIds: string[] = [];
let element: HTMLDivElement;
let viewport: Types.IStackViewport;

/** Resolves on the viewport's next IMAGE_RENDERED: its pixels are on its canvas. */
function nextRender(): Promise<void> {
  return new Promise((resolve) => element.addEventListener(Enums.Events.IMAGE_RENDERED, () => resolve(), { once: true }));
}

function webgl(): string {
  const context = document.createElement('canvas').getContext('webgl2');
  if (!context) return 'no WebGL 2';
  const info = context.getExtension('WEBGL_debug_renderer_info');
  return `WebGL 2: ${info ? String(context.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'yes'}`;
}

void runHarness(
  {
    async showFirst(stage, given) {
      manifest = given;
      notes.push(webgl());
      initCore();
      if (render === 'cpu') setUseCPURendering(true);
      initLoader();
      notes.push(getShouldUseCPURendering() ? 'Cornerstone renders on the CPU (Canvas 2D)' : 'Cornerstone renders with WebGL');
      element = document.createElement('div');
      element.style.width = element.style.height = '100%';
      stage.append(element);
      const engine = new RenderingEngine('bench');
      engine.enableElement({ viewportId: 'ct', type: Enums.ViewportType.STACK, element });
      viewport = engine.getViewport('ct') as Types.IStackViewport;
      imageIds = manifest.urls.map((url) => `wadouri:${new URL(url, location.href).href}`);
      const rendered = nextRender();
      await viewport.setStack(imageIds, manifest.first);
      await rendered;
      element.querySelector('canvas')?.setAttribute('data-testid', 'viewer-canvas');
    },
    loadRest: () => eachSlice(imageIds.length, manifest.first, 3, async (index) => void (await imageLoader.loadAndCacheImage(imageIds[index]!))),
    show(index) {
      const drawn = nextRender();
      return { asked: viewport.setImageIdIndex(index).then(() => undefined), drawn };
    },
  },
  notes,
);
