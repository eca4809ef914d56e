// @vitest-environment node
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, imageInfo, sniffImageType } from '../../server/imageType';
import { JPEG, NOT_AN_IMAGE, padded, PNG, WEBP, WEBP_EXTENDED, WEBP_LOSSLESS } from './multipart';

/** A PNG header naming another size, with its checksum made right. */
function pngOf(width: number, height: number): Buffer {
  const png = Buffer.from(PNG);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** The JPEG with a segment before its frame header, as cameras (EXIF) and browsers (an ICC profile) write them. */
function jpegWithSegment(marker: number, length: number): Buffer {
  const segment = Buffer.alloc(2 + length);
  segment.writeUInt8(0xff, 0);
  segment.writeUInt8(marker, 1);
  segment.writeUInt16BE(length, 2);
  return Buffer.concat([JPEG.subarray(0, 2), segment, JPEG.subarray(2)]);
}

describe('imageInfo: what a file is, by its bytes', () => {
  it.each([
    ['a PNG', PNG, { type: 'image/png', width: 1, height: 1 }],
    ['a JPEG', JPEG, { type: 'image/jpeg', width: 2, height: 3 }],
    ['a JPEG with EXIF and an ICC profile first', jpegWithSegment(0xe2, 600), { type: 'image/jpeg', width: 2, height: 3 }],
    ['a JPEG with fill bytes before a marker', Buffer.concat([JPEG.subarray(0, 2), Buffer.from([0xff, 0xff]), JPEG.subarray(2)]), { type: 'image/jpeg', width: 2, height: 3 }],
    ['a lossy WebP', WEBP, { type: 'image/webp', width: 2, height: 3 }],
    ['a lossless WebP', WEBP_LOSSLESS, { type: 'image/webp', width: 2, height: 3 }],
    ['an extended WebP', WEBP_EXTENDED, { type: 'image/webp', width: 2, height: 3 }],
    ['a JPEG with bytes after it', padded(JPEG, 4096), { type: 'image/jpeg', width: 2, height: 3 }],
  ])('%s', (_, bytes, info) => {
    expect(imageInfo(bytes)).toEqual(info);
    expect(sniffImageType(bytes)).toBe(info.type);
  });

  const webpSaying = (size: number) => {
    const webp = Buffer.from(WEBP);
    webp.writeUInt32LE(size, 4);
    return webp;
  };
  it.each([
    ['text', NOT_AN_IMAGE],
    ['nothing', Buffer.alloc(0)],
    ["a JPEG's first three bytes and a page", Buffer.concat([JPEG.subarray(0, 3), Buffer.from('<html></html>')])],
    ['a JPEG whose image data comes before any frame header', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9])],
    ['a JPEG cut inside its first segment', jpegWithSegment(0xe1, 600).subarray(0, 100)],
    ['a JPEG with a segment shorter than its length field', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0xff, 0xc0])],
    ['a PNG cut short', PNG.subarray(0, 30)],
    ['a PNG whose first chunk is not IHDR', Buffer.concat([PNG.subarray(0, 12), Buffer.from('IDAT'), PNG.subarray(16)])],
    ['a PNG with a wrong checksum', Buffer.concat([PNG.subarray(0, 29), Buffer.from([0, 0, 0, 0]), PNG.subarray(33)])],
    ['a PNG of 0 × 1 pixels', pngOf(0, 1)],
    ['a WebP whose RIFF size is past its end', webpSaying(WEBP.length)],
    ['a WebP without a frame start code', Buffer.concat([WEBP.subarray(0, 23), Buffer.from([0, 0, 0]), WEBP.subarray(26)])],
    ['a lossless WebP without its signature', Buffer.concat([WEBP_LOSSLESS.subarray(0, 20), Buffer.from([0]), WEBP_LOSSLESS.subarray(21)])],
    ['a RIFF that is not a WebP picture', Buffer.concat([WEBP.subarray(0, 12), Buffer.from('ALPH'), WEBP.subarray(16)])],
  ])('refuses %s', (_, bytes) => {
    expect(imageInfo(bytes)).toBeNull();
    expect(sniffImageType(bytes)).toBeNull();
  });

  it('refuses a size past IMAGE_MAX_SIDE or IMAGE_MAX_PIXELS, however small the file', () => {
    expect(imageInfo(pngOf(IMAGE_MAX_SIDE, Math.floor(IMAGE_MAX_PIXELS / IMAGE_MAX_SIDE)))).toMatchObject({ width: IMAGE_MAX_SIDE });
    expect(imageInfo(pngOf(IMAGE_MAX_SIDE + 1, 1))).toBeNull();
    expect(imageInfo(pngOf(1, IMAGE_MAX_SIDE + 1))).toBeNull();
    expect(imageInfo(pngOf(10_000, 10_000))).not.toBeNull();
    expect(imageInfo(pngOf(10_000, 10_001))).toBeNull();
    expect(imageInfo(pngOf(0xffffffff, 0xffffffff))).toBeNull();
  });
});
