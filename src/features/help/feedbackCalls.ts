import type { FeedbackDraft, SubmitOutcome } from '../../../machines/feedback/feedback.types';
import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { RATE_LIMITED_STATUS_CODE, rateLimitedSchema } from '../../shared/api/envelope';
import { businessFailure } from '../../shared/api/failure';
import {
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_IMAGE_TYPES,
  FEEDBACK_IMAGES_MAX_BYTES,
  feedbackReceivedSchema,
  feedbackRefusalSchema,
} from '../../shared/api/helpSchemas';
import { dataUrlToFile } from '../../shared/platform/imageCompression';

const sendableOriginal = (original: Blob | undefined): original is Blob =>
  original !== undefined && original.size <= FEEDBACK_IMAGE_MAX_BYTES && (FEEDBACK_IMAGE_TYPES as readonly string[]).includes(original.type);

/**
 * The file sent for each image: the compressed one, or, when originals are asked for, the original
 * where it is in memory and acceptable, in order, as long as all of them together stay within
 * FEEDBACK_IMAGES_MAX_BYTES (the rest go compressed). Null where the kept copy cannot be read.
 */
function filesFor(draft: FeedbackDraft, originals: Map<string, Blob>): Array<Blob | null> {
  const compressed = draft.images.map((image, i) => dataUrlToFile(image.dataUrl, `feedback-${i + 1}.jpg`));
  if (draft.quality !== 'original') return compressed;
  let total = compressed.reduce((sum, file) => sum + (file?.size ?? 0), 0);
  return draft.images.map((image, i) => {
    const original = originals.get(image.id);
    const instead = compressed[i] ?? null;
    if (!sendableOriginal(original) || total - (instead?.size ?? 0) + original.size > FEEDBACK_IMAGES_MAX_BYTES) return instead;
    total += original.size - (instead?.size ?? 0);
    return original;
  });
}

/** The multipart body of SubmitFeedback (helpSchemas.ts names its parts). */
export function feedbackForm(draft: FeedbackDraft, originals: Map<string, Blob>): FormData {
  const form = new FormData();
  form.append('clientId', draft.clientId);
  form.append('typeId', draft.typeId ?? '');
  form.append('content', draft.content.trim());
  form.append('contact', draft.contact.trim());
  filesFor(draft, originals).forEach((file, i) => {
    if (!file) return;
    form.append('images', file, file instanceof File ? file.name : `feedback-${i + 1}.jpg`);
  });
  return form;
}

/** A refusal's reason as the chart knows it: the server's named reason, 429 for sending too often, else 'refused' (its words are shown). */
function refusalOf(failure: { statusCode: number; message: string; result?: unknown }): Extract<SubmitOutcome, { ok: false }> {
  const limited = rateLimitedSchema.safeParse(failure.result);
  if (failure.statusCode === RATE_LIMITED_STATUS_CODE && limited.success) {
    return { ok: false, problem: 'rateLimited', message: failure.message, retryAfterSeconds: limited.data.retryAfterSeconds };
  }
  const refusal = feedbackRefusalSchema.safeParse(failure.result);
  return { ok: false, problem: refusal.success ? refusal.data.reason : 'refused', message: failure.message, retryAfterSeconds: null };
}

/** POST SubmitFeedback: the receipt, or the server's refusal (4302, 4303, 4304, 429) with its reason. No answer rejects. */
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
    if (failure) return refusalOf(failure);
    throw error;
  }
}
