/**
 * A canvas filling the stage at the device's pixel ratio, as the viewer screen has it, or at
 * `?dpr=` (1: CSS pixels, as Cornerstone's CPU path and dwv draw).
 */
export function stageCanvas(stage: HTMLElement): { canvas: HTMLCanvasElement; size: { width: number; height: number }; dpr: number } {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('data-testid', 'viewer-canvas');
  canvas.style.width = canvas.style.height = '100%';
  canvas.style.display = 'block';
  stage.append(canvas);
  const { width, height } = stage.getBoundingClientRect();
  const dpr = Number(new URLSearchParams(location.search).get('dpr')) || window.devicePixelRatio || 1;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  return { canvas, size: { width, height }, dpr };
}
