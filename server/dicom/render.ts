import jpeg from 'jpeg-js';
import { drawText, fillRect, textWidth } from './font';
import type { Canvas } from './font';
import { encodeJpegBaseline } from './write/wasmEncoders';

/**
 * JPEGs from the generated previews (8-bit, already windowed): the WADO-URI image/jpeg answer,
 * thumbnails, key images, and film sheets laid out like a printed film with burnt-in annotations.
 */

export interface Picture {
  /** rows × columns × channels bytes, row by row. */
  pixels: Uint8Array;
  rows: number;
  columns: number;
  channels: 1 | 3;
}

const JPEG_QUALITY = 88;
/** 64 × 64 RGB. */
const SMALLEST_FOR_TURBO = 64 * 64 * 3;

export function newCanvas(width: number, height: number): Canvas {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  return { width, height, rgba };
}

/**
 * The canvas as a baseline JPEG: libjpeg-turbo (the generated studies' encoder, twenty times
 * faster than jpeg-js on a film sheet), or jpeg-js where turbo's output buffer, the size of the raw
 * picture, could not hold the result: a picture of a few pixels (a JPEG's headers alone are 600
 * bytes), or one that failed.
 */
export async function encodeJpeg(canvas: Canvas, quality = JPEG_QUALITY): Promise<Uint8Array> {
  const rgb = new Uint8Array(canvas.width * canvas.height * 3);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    rgb[i] = canvas.rgba[j] as number;
    rgb[i + 1] = canvas.rgba[j + 1] as number;
    rgb[i + 2] = canvas.rgba[j + 2] as number;
  }
  const plain = () => new Uint8Array(jpeg.encode({ width: canvas.width, height: canvas.height, data: canvas.rgba }, quality).data);
  if (rgb.length < SMALLEST_FOR_TURBO) return plain();
  try {
    return await encodeJpegBaseline(rgb, { width: canvas.width, height: canvas.height, componentCount: 3 }, quality);
  } catch {
    return plain();
  }
}

/**
 * The source position and weight for each destination pixel along one axis (bilinear, pixel
 * centres aligned), worked out once per picture rather than once per pixel: a film sheet is 20
 * tiles of 150,000 pixels each.
 */
function axisSamples(source: number, destination: number): { near: Int32Array; far: Int32Array; weight: Float32Array } {
  const near = new Int32Array(destination);
  const far = new Int32Array(destination);
  const weight = new Float32Array(destination);
  const scale = source / destination;
  for (let d = 0; d < destination; d++) {
    const f = Math.max(0, Math.min(source - 1, (d + 0.5) * scale - 0.5));
    const n = Math.floor(f);
    near[d] = n;
    far[d] = Math.min(source - 1, n + 1);
    weight[d] = f - n;
  }
  return { near, far, weight };
}

/** Draws the picture scaled (bilinear) into the rectangle at (x, y). */
export function drawPicture(canvas: Canvas, picture: Picture, x: number, y: number, width: number, height: number): void {
  const { pixels, rows, columns, channels } = picture;
  const across = axisSamples(columns, width);
  const down = axisSamples(rows, height);
  const { rgba } = canvas;
  for (let py = 0; py < height; py++) {
    const ty = py + y;
    if (ty < 0 || ty >= canvas.height) continue;
    const top = (down.near[py] as number) * columns;
    const bottom = (down.far[py] as number) * columns;
    const wy = down.weight[py] as number;
    for (let px = 0; px < width; px++) {
      const tx = px + x;
      if (tx < 0 || tx >= canvas.width) continue;
      const left = across.near[px] as number;
      const right = across.far[px] as number;
      const wx = across.weight[px] as number;
      const at = (ty * canvas.width + tx) * 4;
      for (let c = 0; c < 3; c++) {
        const channel = channels === 1 ? 0 : c;
        const a = pixels[(top + left) * channels + channel] as number;
        const b = pixels[(top + right) * channels + channel] as number;
        const d = pixels[(bottom + left) * channels + channel] as number;
        const e = pixels[(bottom + right) * channels + channel] as number;
        const upper = a + (b - a) * wx;
        const lower = d + (e - d) * wx;
        rgba[at + c] = Math.round(upper + (lower - upper) * wy);
      }
    }
  }
}

const MAX_SIDE = 4096;

/** The size within `maxRows` × `maxColumns` (either may be absent) with the picture's aspect: WADO-URI's rows and columns. */
export function fitSize(rows: number, columns: number, maxRows?: number, maxColumns?: number): { rows: number; columns: number } {
  const limits = [maxRows === undefined ? Infinity : maxRows / rows, maxColumns === undefined ? Infinity : maxColumns / columns];
  const wanted = Math.min(...limits);
  const scale = Math.min(Number.isFinite(wanted) ? wanted : 1, MAX_SIDE / Math.max(rows, columns));
  return { rows: Math.max(1, Math.round(rows * scale)), columns: Math.max(1, Math.round(columns * scale)) };
}

/** The picture as a JPEG, scaled to fit `maxRows` × `maxColumns` when given. */
export async function pictureJpeg(picture: Picture, maxRows?: number, maxColumns?: number): Promise<{ jpeg: Uint8Array; rows: number; columns: number }> {
  const size = fitSize(picture.rows, picture.columns, maxRows, maxColumns);
  const canvas = newCanvas(size.columns, size.rows);
  drawPicture(canvas, picture, 0, 0, size.columns, size.rows);
  return { jpeg: await encodeJpeg(canvas), ...size };
}

export interface Tile {
  picture: Picture;
  /** Corner texts: top left, top right, bottom left, bottom right. */
  corners: [string, string, string, string];
  /** mm per source pixel, for a scale bar. */
  pixelSpacingMm?: number;
  /** Side labels for an axial image (the patient's right on the image's left). */
  sides?: boolean;
}

export interface FilmLayout {
  width: number;
  columns: number;
  rows: number;
  /** The header's two lines. */
  title: string;
  subtitle: string;
  tiles: Tile[];
}

const TEXT: readonly [number, number, number] = [235, 235, 200];
const HEADER: readonly [number, number, number] = [255, 255, 255];
const MARGIN = 16;
const GAP = 6;
const HEADER_HEIGHT = 64;

/** The size of a film before drawing it (the ElectImages answer names it). */
export function filmSize(layout: Pick<FilmLayout, 'width' | 'columns' | 'rows'>, aspect: number): { width: number; height: number; tile: { width: number; height: number } } {
  const tileWidth = Math.floor((layout.width - 2 * MARGIN - (layout.columns - 1) * GAP) / layout.columns);
  const tileHeight = Math.round(tileWidth * aspect);
  return { width: layout.width, height: HEADER_HEIGHT + layout.rows * (tileHeight + GAP) - GAP + MARGIN, tile: { width: tileWidth, height: tileHeight } };
}

/** A printed-film-like sheet: header, then the tiles left to right, top to bottom, each annotated. */
export function filmJpeg(layout: FilmLayout): Promise<Uint8Array> {
  const first = layout.tiles[0];
  const aspect = first ? first.picture.rows / first.picture.columns : 1;
  const size = filmSize(layout, aspect);
  const canvas = newCanvas(size.width, size.height);
  drawText(canvas, layout.title, MARGIN, 14, 3, HEADER);
  drawText(canvas, layout.subtitle, MARGIN, 40, 2, TEXT);
  layout.tiles.forEach((tile, i) => {
    const x = MARGIN + (i % layout.columns) * (size.tile.width + GAP);
    const y = HEADER_HEIGHT + Math.floor(i / layout.columns) * (size.tile.height + GAP);
    drawTile(canvas, tile, x, y, size.tile.width, size.tile.height);
  });
  return encodeJpeg(canvas);
}

/** A key image: the picture at full resolution with its annotations. */
export function keyImageJpeg(tile: Tile): Promise<Uint8Array> {
  const canvas = newCanvas(tile.picture.columns, tile.picture.rows);
  drawTile(canvas, tile, 0, 0, tile.picture.columns, tile.picture.rows);
  return encodeJpeg(canvas);
}

function drawTile(canvas: Canvas, tile: Tile, x: number, y: number, width: number, height: number): void {
  drawPicture(canvas, tile.picture, x, y, width, height);
  const scale = width >= 600 ? 2 : 1;
  const line = 9 * scale;
  const [topLeft, topRight, bottomLeft, bottomRight] = tile.corners;
  drawText(canvas, topLeft, x + 4, y + 4, scale, TEXT);
  drawText(canvas, topRight, x + width - 4 - textWidth(topRight, scale), y + 4, scale, TEXT);
  drawText(canvas, bottomLeft, x + 4, y + height - 4 - line, scale, TEXT);
  drawText(canvas, bottomRight, x + width - 4 - textWidth(bottomRight, scale), y + height - 4 - line, scale, TEXT);
  if (tile.sides) {
    drawText(canvas, 'R', x + 4, y + height / 2, scale + 1, TEXT);
    drawText(canvas, 'L', x + width - 4 - textWidth('L', scale + 1), y + height / 2, scale + 1, TEXT);
  }
  if (tile.pixelSpacingMm) {
    // A 5 cm bar (1 cm on small fields) above the bottom-right text.
    const mmPerTilePixel = (tile.pixelSpacingMm * tile.picture.columns) / width;
    const mm = 50 / mmPerTilePixel < width / 3 ? 50 : 10;
    const length = Math.round(mm / mmPerTilePixel);
    const barY = y + height - 10 - 2 * line;
    fillRect(canvas, x + width - 6 - length, barY, length, scale, TEXT);
    for (let k = 0; k <= mm / 10; k++) fillRect(canvas, x + width - 6 - length + Math.round((k * length) / (mm / 10)), barY - 3 * scale, scale, 3 * scale, TEXT);
  }
}
