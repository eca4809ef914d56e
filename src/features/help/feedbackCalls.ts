import type { FeedbackDraft, FeedbackImage, PreparedImages, SubmitOutcome } from '../../../machines/feedback/feedback.types';
import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { businessFailure } from '../../shared/api/failure';
import { FEEDBACK_CONTENT_MAX, FEEDBACK_CONTENT_MIN, FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_IMAGE_TYPES, feedbackReceivedSchema } from '../../shared/api/helpSchemas';
import { blobToDataUrl, compressImage, dataUrlToFile, FEEDBACK_IMAGE_SIDE, UnreadableImage } from '../../shared/platform/imageCompression';

/** The help route's query that shows the feedback form instead of the questions. */
export const FEEDBACK_VIEW = 'feedback';

/** The characters the text rule counts: spaces at either end are not counted. */
export const countedLength = (content: string) => content.trim().length;

/** The text rule (10-500 counted characters): what is wrong, or null. */
export function contentProblem(content: string): 'contentShort' | 'contentLong' | null {
  const length = countedLength(content);
  if (length < FEEDBACK_CONTENT_MIN) return 'contentShort';
  return length > FEEDBACK_CONTENT_MAX ? 'contentLong' : null;
}

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

/** The file sent for an image: the original when asked for and acceptable, else the compressed one. */
function fileFor(image: FeedbackImage, index: number, draft: FeedbackDraft, originals: Map<string, Blob>): Blob | null {
  const original = draft.quality === 'original' ? originals.get(image.id) : undefined;
  if (original && original.size <= FEEDBACK_IMAGE_MAX_BYTES && (FEEDBACK_IMAGE_TYPES as readonly string[]).includes(original.type)) return original;
  return dataUrlToFile(image.dataUrl, `feedback-${index + 1}.jpg`);
}

/** The multipart body of SubmitFeedback (helpSchemas.ts names its parts). */
export function feedbackForm(draft: FeedbackDraft, originals: Map<string, Blob>): FormData {
  const form = new FormData();
  form.append('clientId', draft.clientId);
  form.append('typeId', draft.typeId ?? '');
  form.append('content', draft.content.trim());
  form.append('contact', draft.contact.trim());
  draft.images.forEach((image, i) => {
    const file = fileFor(image, i, draft, originals);
    if (!file) return;
    form.append('images', file, file instanceof File ? file.name : `feedback-${i + 1}.jpg`);
  });
  return form;
}

/** POST SubmitFeedback: the receipt, or the server's refusal (4302, 4303) in its words. No answer rejects. */
export async function submitFeedback(
  api: ApiClient,
  draft: FeedbackDraft,
  originals: Map<string, Blob>,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<SubmitOutcome> {
  try {
    const receipt = await api.upload(ENDPOINTS.helpSupport.SubmitFeedback, { form: feedbackForm(draft, originals), schema: feedbackReceivedSchema, onProgress, signal });
    return { ok: true, receipt };
  } catch (error) {
    const failure = businessFailure(error);
    if (failure) return { ok: false, message: failure.message };
    throw error;
  }
}
