import { base64Bytes } from './base64';
import { IMAGE_CHOOSER_DEFAULTS, type Wx } from './wechat';

/** What choosing images gave: the files, nothing (cancelled), or a failure of WeChat's chooser. */
export type ChosenImages = { kind: 'chosen'; files: File[] } | { kind: 'cancelled' } | { kind: 'failed' };

const EXTENSION: Readonly<Record<string, string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/** A picture's type by its first bytes, as base64 begins: JPEG, PNG, WebP, GIF; null otherwise. */
function sniff(base64: string): string | null {
  if (base64.startsWith('/9j/')) return 'image/jpeg';
  if (base64.startsWith('iVBORw0KGgo')) return 'image/png';
  if (base64.startsWith('UklGR')) return 'image/webp';
  if (base64.startsWith('R0lGOD')) return 'image/gif';
  return null;
}

/**
 * wx.getLocalImgData's answer as a file. It is base64: on iOS with a data-URL prefix (some
 * versions name the type wrongly, "image/jgp"), on Android without one. The type is read from the
 * bytes where it can be, else from the prefix, else JPEG (what WeChat's chooser gives).
 */
export function localDataToFile(localData: string, name: string): File | null {
  const text = localData.trim();
  const prefixed = /^data:([^;,]*)(?:;[^,]*)?,(.*)$/s.exec(text);
  const base64 = (prefixed ? prefixed[2]! : text).replace(/\s+/g, '');
  if (!base64) return null;
  const bytes = base64Bytes(base64);
  if (!bytes || bytes.length === 0) return null;
  const declared = prefixed?.[1] && EXTENSION[prefixed[1]] ? prefixed[1] : null;
  const type = sniff(base64) ?? declared ?? 'image/jpeg';
  return new File([bytes], `${name}.${EXTENSION[type] ?? 'jpg'}`, { type });
}

function chooseLocalIds(wx: Wx, count: number): Promise<{ kind: 'chosen'; localIds: string[] } | { kind: 'cancelled' } | { kind: 'failed' }> {
  return new Promise((resolve) => {
    if (!wx.chooseImage) return resolve({ kind: 'failed' });
    try {
      wx.chooseImage({
        count,
        sizeType: [...IMAGE_CHOOSER_DEFAULTS.sizeType],
        sourceType: [...IMAGE_CHOOSER_DEFAULTS.sourceType],
        success: (result: { localIds?: unknown }) => {
          const localIds = Array.isArray(result?.localIds) ? result.localIds.filter((id): id is string => typeof id === 'string') : [];
          resolve(localIds.length ? { kind: 'chosen', localIds: localIds.slice(0, count) } : { kind: 'cancelled' });
        },
        cancel: () => resolve({ kind: 'cancelled' }),
        fail: (reason: { errMsg?: unknown } | undefined) =>
          resolve(typeof reason?.errMsg === 'string' && reason.errMsg.endsWith(':cancel') ? { kind: 'cancelled' } : { kind: 'failed' }),
      });
    } catch {
      resolve({ kind: 'failed' });
    }
  });
}

function readLocalImage(wx: Wx, localId: string, name: string): Promise<File | null> {
  return new Promise((resolve) => {
    if (!wx.getLocalImgData) return resolve(null);
    try {
      wx.getLocalImgData({
        localId,
        success: (result: { localData?: unknown }) => resolve(typeof result?.localData === 'string' ? localDataToFile(result.localData, name) : null),
        fail: () => resolve(null),
      });
    } catch {
      resolve(null);
    }
  });
}

/**
 * WeChat's image chooser (IMAGE_CHOOSER_DEFAULTS: album or camera, original or compressed), up to
 * `count` images (at most the chooser's 9), read back as files with wx.getLocalImgData one after
 * another (WeChat answers one read at a time on iOS). Images that cannot be read are left out;
 * none read at all is a failure.
 */
export async function chooseWxImages(wx: Wx, count: number): Promise<ChosenImages> {
  const wanted = Math.min(Math.max(1, Math.floor(count)), IMAGE_CHOOSER_DEFAULTS.count);
  const chosen = await chooseLocalIds(wx, wanted);
  if (chosen.kind !== 'chosen') return chosen;
  const files: File[] = [];
  for (const [i, localId] of chosen.localIds.entries()) {
    const file = await readLocalImage(wx, localId, `wechat-${i + 1}`);
    if (file) files.push(file);
  }
  return files.length ? { kind: 'chosen', files } : { kind: 'failed' };
}
