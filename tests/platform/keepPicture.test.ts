import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileNameOf, keepWay, sharePicture } from '../../src/shared/platform/keepPicture';

afterEach(() => vi.unstubAllGlobals());

describe('keeping a picture on the phone', () => {
  it('inside WeChat, by its long-press menu; elsewhere as a file', () => {
    expect(keepWay('Mozilla/5.0 (iPhone) MicroMessenger/8.0.50')).toBe('longPress');
    expect(keepWay('Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile')).toBe('file');
  });

  it("names the file after the picture's title, as a file system accepts it", () => {
    expect(fileNameOf('胸部CT平扫报告')).toBe('胸部CT平扫报告');
    expect(fileNameOf('a/b:c*?"<>|d')).toBe('a b c d');
    expect(fileNameOf('a\u0000b\nc')).toBe('a b c');
    expect(fileNameOf('   ')).toBe('picture');
    expect(fileNameOf('x'.repeat(200))).toHaveLength(80);
  });

  it("hands the picture to the phone's share sheet as a file named after it; the patient closing the sheet is not a failure", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => ({ ok: true, blob: async () => new Blob(['png'], { type: 'image/png' }) })));
    const share = vi.fn(async (_data: ShareData) => {});
    expect(await sharePicture('http://localhost/p.png', 'Sheet 1', { share } as unknown as Navigator)).toBe('shared');
    expect(share.mock.calls[0]![0].files![0]!.name).toBe('Sheet 1.png');
    share.mockRejectedValueOnce(new DOMException('closed', 'AbortError'));
    expect(await sharePicture('http://localhost/p.png', 'Sheet 1', { share } as unknown as Navigator)).toBe('cancelled');
    share.mockRejectedValueOnce(new Error('no'));
    expect(await sharePicture('http://localhost/p.png', 'Sheet 1', { share } as unknown as Navigator)).toBe('failed');
  });
});
