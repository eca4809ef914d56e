/**
 * The viewer's two canvases in a stage filling the page, as ViewerCanvas has them (the image at
 * its own pixels, placed by the renderer; the AI marks over it at the device's pixels), with the
 * stage's CSS size and the device's pixel ratio, or `?dpr=` (1: CSS pixels, as Cornerstone's CPU
 * path and dwv draw).
 */
export function stageCanvases(stage: HTMLElement): { canvases: { image: HTMLCanvasElement; marks: HTMLCanvasElement }; size: { width: number; height: number }; dpr: number } {
  stage.style.overflow = 'hidden';
  const image = document.createElement('canvas');
  image.setAttribute('data-testid', 'viewer-canvas');
  image.style.position = 'absolute';
  image.style.display = 'block';
  const marks = document.createElement('canvas');
  marks.style.position = 'absolute';
  marks.style.inset = '0';
  marks.style.width = marks.style.height = '100%';
  stage.append(image, marks);
  const { width, height } = stage.getBoundingClientRect();
  const dpr = Number(new URLSearchParams(location.search).get('dpr')) || window.devicePixelRatio || 1;
  return { canvases: { image, marks }, size: { width, height }, dpr };
}
