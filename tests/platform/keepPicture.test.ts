import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileNameOf, keepWay, savePicture, sharePicture } from '../../src/shared/platform/keepPicture';

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

  it('downloads the picture as a file named after it, fetched without the cookies', async () => {
    const fetched = vi.fn(async (_url: string, _init?: RequestInit) => ({ ok: true, blob: async () => new Blob(['png'], { type: 'image/png' }) }));
    vi.stubGlobal('fetch', fetched);
    // jsdom makes no object URLs: the app's own call is what is checked.
    const made: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: (blob: Blob) => (made.push(blob), 'blob:picture'), revokeObjectURL: () => {} }));
    const clicked: Array<{ href: string; download: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    expect(await savePicture('https://films.example/p/1.png?sig=x', '胸部CT平扫报告 1/2')).toBe(true);
    expect(fetched).toHaveBeenCalledWith('https://films.example/p/1.png?sig=x', { credentials: 'omit' });
    expect(clicked).toEqual([{ href: 'blob:picture', download: '胸部CT平扫报告 1 2.png' }]);
    expect((made[0] as File).name).toBe('胸部CT平扫报告 1 2.png');
    // The link is gone from the page once used.
    expect(document.querySelector('a[download]')).toBeNull();
    click.mockRestore();
  });

  it('says it could not save when the picture cannot be fetched', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => ({ ok: false, status: 410 })));
    expect(await savePicture('https://films.example/p/1.png', 'x')).toBe(false);
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
