import jpeg from 'jpeg-js';
import { drawText, fillRect, textWidth } from './font';
import type { Canvas } from './font';

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

export function newCanvas(width: number, height: number): Canvas {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  return { width, height, rgba };
}

export function encodeJpeg(canvas: Canvas, quality = JPEG_QUALITY): Uint8Array {
  return new Uint8Array(jpeg.encode({ width: canvas.width, height: canvas.height, data: canvas.rgba }, quality).data);
}

/** Draws the picture scaled (bilinear) into the rectangle at (x, y). */
export function drawPicture(canvas: Canvas, picture: Picture, x: number, y: number, width: number, height: number): void {
  const { pixels, rows, columns, channels } = picture;
  const sx = columns / width;
  const sy = rows / height;
  for (let py = 0; py < height; py++) {
    const ty = py + y;
    if (ty < 0 || ty >= canvas.height) continue;
    const fy = Math.max(0, Math.min(rows - 1, (py + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(rows - 1, y0 + 1);
    const wy = fy - y0;
    for (let px = 0; px < width; px++) {
      const tx = px + x;
      if (tx < 0 || tx >= canvas.width) continue;
      const fx = Math.max(0, Math.min(columns - 1, (px + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(columns - 1, x0 + 1);
      const wx = fx - x0;
      const at = (ty * canvas.width + tx) * 4;
      for (let c = 0; c < 3; c++) {
        const channel = channels === 1 ? 0 : c;
        const sample = (row: number, column: number) => pixels[(row * columns + column) * channels + channel] as number;
        const top = sample(y0, x0) + (sample(y0, x1) - sample(y0, x0)) * wx;
        const bottom = sample(y1, x0) + (sample(y1, x1) - sample(y1, x0)) * wx;
        canvas.rgba[at + c] = Math.round(top + (bottom - top) * wy);
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
export function pictureJpeg(picture: Picture, maxRows?: number, maxColumns?: number): { jpeg: Uint8Array; rows: number; columns: number } {
  const size = fitSize(picture.rows, picture.columns, maxRows, maxColumns);
  const canvas = newCanvas(size.columns, size.rows);
  drawPicture(canvas, picture, 0, 0, size.columns, size.rows);
  return { jpeg: encodeJpeg(canvas), ...size };
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
export function filmJpeg(layout: FilmLayout): Uint8Array {
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
export function keyImageJpeg(tile: Tile): Uint8Array {
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
