import type { FeedbackImage, PreparedImages } from '../../../machines/feedback/feedback.types';
import { blobToDataUrl, compressImage, FEEDBACK_IMAGE_SIDE, UnreadableImage } from '../../shared/platform/imageCompression';

/**
 * Each chosen file compressed on the phone (longest side 1600 px, JPEG), at most `room` of them;
 * the originals are remembered in `originals` by the image's id, for "original" sends.
 */
export async function prepareImages(files: Blob[], room: number, originals: Map<string, Blob>, newId: () => string): Promise<PreparedImages> {
  const images: FeedbackImage[] = [];
  let unreadable = 0;
  // Compressing takes a moment and memory on a phone: only as many as can be added (one more, to say "too many").
  for (const file of files.slice(0, room + 1)) {
    try {
      const compressed = await compressImage(file, { maxSide: FEEDBACK_IMAGE_SIDE });
      const id = newId();
      originals.set(id, file);
      images.push({ id, dataUrl: await blobToDataUrl(compressed), bytes: compressed.size, hasOriginal: true });
    } catch (error) {
      if (!(error instanceof UnreadableImage)) throw error;
      unreadable += 1;
    }
  }
  return { images, unreadable };
}
