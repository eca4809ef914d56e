import { crc32 } from 'node:zlib';

/** The image types the sandbox accepts from uploads (avatars, feedback), as their bytes say. */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
}

/**
 * The largest picture taken: a side of 16384 px (what browsers' canvases and WebP itself stop at),
 * 100 million pixels (a phone's 48-megapixel photo fits twice). Beyond it a small file is a
 * decompression bomb for whoever opens it.
 */
export const IMAGE_MAX_SIDE = 16_384;
export const IMAGE_MAX_PIXELS = 100_000_000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);
const u32le = (b: Uint8Array, at: number) => u16le(b, at) + u16le(b, at + 2) * 0x10000;

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the size. */
const JPEG_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** A JPEG: FF D8, then marker segments up to a frame header whose size is read (an EXIF or ICC segment first is fine). */
function jpeg(b: Uint8Array): ImageInfo | null {
  if (!startsWith(b, [0xff, 0xd8, 0xff])) return null;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // The image data or its end before any frame header: no picture.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    if (JPEG_FRAME.has(marker)) {
      if (length < 8 || at + 9 > b.length) return null;
      return { type: 'image/jpeg', height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** A PNG: its signature, then the IHDR chunk first, 13 bytes long, with the right checksum. */
function png(b: Uint8Array): ImageInfo | null {
  if (!startsWith(b, PNG_SIGNATURE) || b.length < 33) return null;
  if (u32be(b, 8) !== 13 || !startsWith(b, ascii('IHDR'), 12)) return null;
  if (crc32(b.subarray(12, 29)) !== u32be(b, 29)) return null;
  return { type: 'image/png', width: u32be(b, 16), height: u32be(b, 20) };
}

/** A WebP: RIFF....WEBP with a size that fits the file, then a VP8 (lossy), VP8L (lossless) or VP8X (extended) header. */
function webp(b: Uint8Array): ImageInfo | null {
  if (!startsWith(b, ascii('RIFF')) || !startsWith(b, ascii('WEBP'), 8) || b.length < 30) return null;
  if (u32le(b, 4) + 8 > b.length) return null;
  if (startsWith(b, ascii('VP8 '), 12)) {
    if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    return { type: 'image/webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (startsWith(b, ascii('VP8L'), 12)) {
    if (b[20] !== 0x2f) return null;
    const bits = u32le(b, 21);
    return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (startsWith(b, ascii('VP8X'), 12)) return { type: 'image/webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/**
 * What the file is, by its bytes, never by its name or the part's declared type (both are the
 * client's say): a JPEG, PNG or WebP whose header is well-formed and names a size from 1 px up to
 * IMAGE_MAX_SIDE and IMAGE_MAX_PIXELS; else null. Only the header is read: the pixels are never
 * decoded here, so a file that is a picture in front and something else behind is not caught,
 * but it is only ever served back with the type found here and `nosniff`.
 */
export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  const info = jpeg(bytes) ?? png(bytes) ?? webp(bytes);
  if (!info || info.width < 1 || info.height < 1) return null;
  if (info.width > IMAGE_MAX_SIDE || info.height > IMAGE_MAX_SIDE || info.width * info.height > IMAGE_MAX_PIXELS) return null;
  return info;
}

/** The type of an acceptable image (see imageInfo), or null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  return imageInfo(bytes)?.type ?? null;
}
