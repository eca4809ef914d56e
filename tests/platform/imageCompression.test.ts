import { describe, expect, it, vi } from 'vitest';
import {
  base64Bytes,
  blobToDataUrl,
  clampCrop,
  compressImage,
  dataUrlToFile,
  fitWithin,
  jpegName,
  UnreadableImage,
  type CompressDeps,
} from '../../src/shared/platform/imageCompression';

function fakeDeps(size: { width: number; height: number }) {
  const drawn: unknown[][] = [];
  const canvases: Array<{ width: number; height: number; quality?: number }> = [];
  const close = vi.fn();
  const deps: CompressDeps = {
    decode: async () => ({ source: {} as CanvasImageSource, ...size, close }),
    canvas(width, height) {
      const made: { width: number; height: number; quality?: number } = { width, height };
      canvases.push(made);
      const context = {
        fillStyle: '',
        fillRect: vi.fn(),
        imageSmoothingQuality: 'low',
        drawImage: (...args: unknown[]) => drawn.push(args),
      } as unknown as CanvasRenderingContext2D;
      return {
        context,
        toJpeg: async (quality) => {
          made.quality = quality;
          return new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
        },
      };
    },
  };
  return { deps, drawn, canvases, close };
}

describe('image compression on the phone', () => {
  it('fits the longest side, keeping the aspect ratio, and never enlarges', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(1080, 2400, 1600)).toEqual({ width: 720, height: 1600 });
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(3, 10000, 256)).toEqual({ width: 1, height: 256 });
  });

  it('keeps a crop inside the picture', () => {
    expect(clampCrop({ x: -10, y: 900, width: 300, height: 300 }, 1000, 1000)).toEqual({ x: 0, y: 700, width: 300, height: 300 });
    expect(clampCrop({ x: 0, y: 0, width: 2000, height: 2000 }, 500, 800)).toEqual({ x: 0, y: 0, width: 500, height: 800 });
  });

  it('draws the picture smaller on a white canvas and encodes a JPEG file', async () => {
    const { deps, drawn, canvases, close } = fakeDeps({ width: 4000, height: 3000 });
    const file = await compressImage(new File(['x'], 'IMG_0001.PNG', { type: 'image/png' }), { maxSide: 1600 }, deps);
    expect(file.type).toBe('image/jpeg');
    expect(file.name).toBe('IMG_0001.jpg');
    expect(canvases).toEqual([{ width: 1600, height: 1200, quality: 0.85 }]);
    expect(drawn[0]!.slice(1)).toEqual([0, 0, 4000, 3000, 0, 0, 1600, 1200]);
    expect(close).toHaveBeenCalled();
  });

  it('crops the avatar square and makes it the avatar side', async () => {
    const { deps, drawn, canvases } = fakeDeps({ width: 1200, height: 900 });
    const file = await compressImage(new Blob(['x']), { maxSide: 256, crop: { x: 100, y: 0, width: 900, height: 900 }, name: 'avatar.jpg', quality: 0.9 }, deps);
    expect(file.name).toBe('avatar.jpg');
    expect(canvases).toEqual([{ width: 256, height: 256, quality: 0.9 }]);
    expect(drawn[0]!.slice(1)).toEqual([100, 0, 900, 900, 0, 0, 256, 256]);
  });

  it('says a picture it cannot decode is unreadable', async () => {
    const deps: CompressDeps = { decode: () => Promise.reject(new Error('bad')), canvas: () => { throw new Error('unused'); } };
    await expect(compressImage(new Blob(['no']), { maxSide: 100 }, deps)).rejects.toBeInstanceOf(UnreadableImage);
  });

  it('names files and moves them to and from data URLs', async () => {
    expect(jpegName(new File([''], 'a.b.webp'))).toBe('a.b.jpg');
    expect(jpegName(new Blob(['']))).toBe('image.jpg');
    const dataUrl = await blobToDataUrl(new Blob([new Uint8Array([1, 2, 250])], { type: 'image/jpeg' }));
    expect(dataUrl).toBe('data:image/jpeg;base64,AQL6');
    const file = dataUrlToFile(dataUrl, 'x.jpg')!;
    expect([file.name, file.type, file.size]).toEqual(['x.jpg', 'image/jpeg', 3]);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([1, 2, 250]));
    expect(dataUrlToFile('http://example.org/a.jpg', 'a')).toBeNull();
    expect(base64Bytes('A Q\nL6')).toEqual(new Uint8Array([1, 2, 250]));
    expect(base64Bytes('***')).toBeNull();
  });
});
