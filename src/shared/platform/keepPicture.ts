import { isWeChat } from './wechat';

/**
 * Keeping one picture (a film sheet, an HD image, the printed report) on the phone. Inside WeChat,
 * which saves no downloaded file, the picture's own long-press menu saves it to the album or sends
 * it to a friend: the app says so. Elsewhere the picture is fetched (its address is signed for
 * this patient) and handed over as a file: downloaded, or given to the phone's share sheet.
 */
export type KeepWay = 'longPress' | 'file';

export function keepWay(userAgent: string): KeepWay {
  return isWeChat(userAgent) ? 'longPress' : 'file';
}

async function pictureFile(url: string, name: string): Promise<File> {
  const response = await fetch(url, { credentials: 'omit' });
  if (!response.ok) throw new Error(`picture answered ${response.status}`);
  const blob = await response.blob();
  const extension = blob.type === 'image/png' ? 'png' : blob.type === 'image/svg+xml' ? 'svg' : 'jpg';
  return new File([blob], `${fileNameOf(name)}.${extension}`, { type: blob.type });
}

/** A file name from a picture's title: what a file system accepts, never empty. */
export function fileNameOf(title: string): string {
  const printable = [...title].map((character) => (character.charCodeAt(0) < 0x20 ? ' ' : character)).join('');
  const name = printable.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);
  return name || 'picture';
}

/** Downloads the picture as a file; resolves false when it could not be fetched. */
export async function savePicture(url: string, title: string, doc: Document = document): Promise<boolean> {
  try {
    const file = await pictureFile(url, title);
    const href = URL.createObjectURL(file);
    const link = doc.createElement('a');
    link.href = href;
    link.download = file.name;
    doc.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
    return true;
  } catch {
    return false;
  }
}

/** Whether this browser can hand a picture to the phone's share sheet. */
export function canSharePictures(nav: Navigator = navigator): boolean {
  return typeof nav.share === 'function' && typeof nav.canShare === 'function' && nav.canShare({ files: [new File([''], 'probe.jpg', { type: 'image/jpeg' })] });
}

/** Hands the picture to the share sheet: 'shared', 'cancelled' (the patient closed it) or 'failed'. */
export async function sharePicture(url: string, title: string, nav: Navigator = navigator): Promise<'shared' | 'cancelled' | 'failed'> {
  try {
    const file = await pictureFile(url, title);
    await nav.share({ files: [file], title });
    return 'shared';
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}
