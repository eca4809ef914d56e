import { base64Bytes } from './base64';

export { base64Bytes };

/**
 * Images made smaller on the phone before they are sent (issue 14: the avatar, feedback): drawn
 * on a canvas at most `maxSide` pixels on the longest side and encoded again as JPEG. Encoding
 * again also drops what the file carried besides the picture (EXIF: where and when it was taken).
 */

/** The part of the picture to keep, in the picture's own pixels. */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CompressOptions {
  /** The longest side of the result, in pixels; a smaller picture keeps its size. */
  maxSide: number;
  /** JPEG quality, 0 to 1. */
  quality?: number;
  /** Only this part of the picture (the avatar's square); the whole picture without it. */
  crop?: CropRect;
  /** The result's file name; the source's name with .jpg without it. */
  name?: string;
}

/** Longest side 1600 px for feedback: a screenshot stays readable at a fraction of its size. */
export const FEEDBACK_IMAGE_SIDE = 1600;
const JPEG_QUALITY = 0.85;

/** The size that fits `maxSide` keeping the aspect ratio; never larger than it was. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide || longest === 0) return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A rectangle kept inside a picture of this size (a crop dragged past an edge). */
export function clampCrop(crop: CropRect, width: number, height: number): CropRect {
  const w = Math.min(crop.width, width);
  const h = Math.min(crop.height, height);
  return { x: Math.min(Math.max(0, crop.x), width - w), y: Math.min(Math.max(0, crop.y), height - h), width: w, height: h };
}

/** A decoded picture a canvas can draw. */
export interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close(): void;
}

/** What compressing needs of the browser; tests hand in their own. */
export interface CompressDeps {
  decode(blob: Blob): Promise<Decoded>;
  /** A 2D canvas of this size and how to read it back as a JPEG. */
  canvas(width: number, height: number): { context: CanvasRenderingContext2D; toJpeg(quality: number): Promise<Blob> };
}

/** Why a picture could not be made smaller: not a picture the browser can read. */
export class UnreadableImage extends Error {
  constructor(cause?: unknown) {
    super('the image could not be read', { cause });
    this.name = 'UnreadableImage';
  }
}

/** The picture smaller, as a JPEG file. Rejects with UnreadableImage when it cannot be decoded. */
export async function compressImage(blob: Blob, options: CompressOptions, deps: CompressDeps = browserDeps): Promise<File> {
  let decoded: Decoded;
  try {
    decoded = await deps.decode(blob);
  } catch (error) {
    throw new UnreadableImage(error);
  }
  try {
    const crop = clampCrop(options.crop ?? { x: 0, y: 0, width: decoded.width, height: decoded.height }, decoded.width, decoded.height);
    const size = fitWithin(crop.width, crop.height, options.maxSide);
    const { context, toJpeg } = deps.canvas(size.width, size.height);
    // A transparent PNG becomes white, not black, as JPEG has no transparency.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(decoded.source, crop.x, crop.y, crop.width, crop.height, 0, 0, size.width, size.height);
    const jpeg = await toJpeg(options.quality ?? JPEG_QUALITY);
    return new File([jpeg], options.name ?? jpegName(blob), { type: 'image/jpeg' });
  } finally {
    decoded.close();
  }
}

/** `photo.png` → `photo.jpg`; a blob without a name → `image.jpg`. */
export function jpegName(blob: Blob): string {
  const name = blob instanceof File && blob.name ? blob.name : 'image';
  return `${name.replace(/\.[^./]*$/, '')}.jpg`;
}

/** The browser's: createImageBitmap (turned as the photo's EXIF says), else an <img>. */
const browserDeps: CompressDeps = {
  async decode(blob) {
    if (typeof createImageBitmap === 'function') {
      try {
        const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
        return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
      } catch {
        // Older WebKit decodes some files only through <img>: try that next.
      }
    }
    const url = URL.createObjectURL(blob);
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      return { source: image, width: image.naturalWidth, height: image.naturalHeight, close: () => URL.revokeObjectURL(url) };
    } catch (error) {
      URL.revokeObjectURL(url);
      throw error;
    }
  },
  canvas(width, height) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new UnreadableImage('no 2D canvas');
    return {
      context,
      toJpeg: (quality) =>
        new Promise<Blob>((resolve, reject) =>
          canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new UnreadableImage('the canvas gave no JPEG'))), 'image/jpeg', quality),
        ),
    };
  },
};

/** A file as a data URL (the feedback draft keeps its images so). */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** A data URL as a file again; null when it is not a base64 data URL. */
export function dataUrlToFile(dataUrl: string, name: string): File | null {
  const match = /^data:([^;,]*)(?:;[^,]*)?;base64,(.*)$/s.exec(dataUrl);
  if (!match) return null;
  const bytes = base64Bytes(match[2]!);
  return bytes ? new File([bytes], name, { type: match[1] || 'application/octet-stream' }) : null;
}
