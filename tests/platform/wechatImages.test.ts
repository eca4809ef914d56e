import { describe, expect, it, vi } from 'vitest';
import type { Wx } from '../../src/shared/platform/wechat';
import { chooseWxImages, localDataToFile } from '../../src/shared/platform/wechatImages';

const JPEG = '/9j/4AAQSkZJRg==';
const PNG = 'iVBORw0KGgoAAAANSUhEUg==';

/** A wx whose chooser answers these local ids, and whose getLocalImgData answers these data. */
function wx(answer: { localIds?: string[]; cancel?: boolean; failMsg?: string }, data: Record<string, string | null>) {
  const chooseImage = vi.fn((options: Record<string, unknown>) => {
    if (answer.cancel) return (options.cancel as () => void)();
    if (answer.failMsg) return (options.fail as (r: unknown) => void)({ errMsg: answer.failMsg });
    (options.success as (r: unknown) => void)({ localIds: answer.localIds ?? [] });
  });
  const getLocalImgData = vi.fn((options: { localId: string; success: (r: unknown) => void; fail: () => void }) => {
    const localData = data[options.localId];
    if (localData === null || localData === undefined) options.fail();
    else options.success({ localData });
  });
  return { wx: { config: () => {}, ready: () => {}, error: () => {}, chooseImage, getLocalImgData } as unknown as Wx, chooseImage, getLocalImgData };
}

describe("WeChat's image chooser", () => {
  it('reads iOS data (a data-URL prefix, even a misspelt type) and Android data (bare base64) as files', async () => {
    const ios = localDataToFile(`data:image/jgp;base64,${JPEG}`, 'wechat-1')!;
    expect([ios.name, ios.type]).toEqual(['wechat-1.jpg', 'image/jpeg']);
    const android = localDataToFile(`${PNG.slice(0, 8)}\n${PNG.slice(8)}`, 'wechat-2')!;
    expect([android.name, android.type, android.size]).toEqual(['wechat-2.png', 'image/png', 16]);
    expect(localDataToFile('data:image/png;base64,AAAA', 'x')!.type).toBe('image/png');
    expect(localDataToFile('', 'x')).toBeNull();
    expect(localDataToFile('data:image/jpeg;base64,', 'x')).toBeNull();
  });

  it('asks for the room left (at most 9), album or camera, original or compressed, and reads each choice', async () => {
    const fake = wx({ localIds: ['wx://1', 'wx://2'] }, { 'wx://1': `data:image/jpeg;base64,${JPEG}`, 'wx://2': PNG });
    const chosen = await chooseWxImages(fake.wx, 12);
    expect(fake.chooseImage.mock.calls[0]![0]).toMatchObject({ count: 9, sizeType: ['original', 'compressed'], sourceType: ['album', 'camera'] });
    expect(chosen.kind).toBe('chosen');
    expect(chosen.kind === 'chosen' && chosen.files.map((f) => [f.name, f.type])).toEqual([
      ['wechat-1.jpg', 'image/jpeg'],
      ['wechat-2.png', 'image/png'],
    ]);
    await chooseWxImages(fake.wx, 3);
    expect(fake.chooseImage.mock.calls[1]![0]).toMatchObject({ count: 3 });
  });

  it('leaves out an image it cannot read; none read is a failure', async () => {
    const some = await chooseWxImages(wx({ localIds: ['a', 'b'] }, { a: null, b: JPEG }).wx, 2);
    expect(some.kind === 'chosen' && some.files.length).toBe(1);
    expect(await chooseWxImages(wx({ localIds: ['a'] }, { a: null }).wx, 1)).toEqual({ kind: 'failed' });
  });

  it('tells cancelling from failing, and fails without a chooser', async () => {
    expect(await chooseWxImages(wx({ cancel: true }, {}).wx, 1)).toEqual({ kind: 'cancelled' });
    expect(await chooseWxImages(wx({ failMsg: 'chooseImage:cancel' }, {}).wx, 1)).toEqual({ kind: 'cancelled' });
    expect(await chooseWxImages(wx({ failMsg: 'chooseImage:fail' }, {}).wx, 1)).toEqual({ kind: 'failed' });
    expect(await chooseWxImages({ config: () => {}, ready: () => {}, error: () => {} } as unknown as Wx, 1)).toEqual({ kind: 'failed' });
  });
});
