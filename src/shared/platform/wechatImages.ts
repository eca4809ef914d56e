import type { Wx } from './wechat';

/** What choosing images gave: the files, nothing (cancelled), or a failure of WeChat's chooser. */
export type ChosenImages = { kind: 'chosen'; files: File[] } | { kind: 'cancelled' } | { kind: 'failed' };

/**
 * WeChat's image chooser (IMAGE_CHOOSER_DEFAULTS: album or camera, original or compressed), up to
 * `count` images, read back as files with wx.getLocalImgData. To be written (issue 14, feedback).
 */
export async function chooseWxImages(_wx: Wx, _count: number): Promise<ChosenImages> {
  return { kind: 'failed' };
}
