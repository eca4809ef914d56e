/**
 * Sending feedback (issue 14, help with ?view=feedback): a question type (optional), the text
 * (10-500 characters), a contact (optional) and up to nine images, compressed on the phone unless
 * the patient asks for originals. The draft survives a reload; its clientId, made once per draft,
 * makes a retry after a lost answer the same feedback. Issue 22: the text follows the shared text
 * rule, and the server's refusals (sizes, counts, sending too often) say why.
 */

/** One image of the draft: compressed on the phone, kept as a data URL (thumbnail, draft, what is sent). */
export interface FeedbackImage {
  id: string;
  dataUrl: string;
  bytes: number;
  /** The original is still in this page's memory (not after a reload), to send when the patient asks for originals. */
  hasOriginal: boolean;
}

export type ImageQuality = 'compressed' | 'original';

/** What is kept across a reload. */
export interface FeedbackDraft {
  clientId: string;
  typeId: string | null;
  content: string;
  contact: string;
  images: FeedbackImage[];
  quality: ImageQuality;
}

export interface FeedbackReceipt {
  feedbackId: string;
  receivedAt: string;
  imageCount: number;
}

/**
 * What the phone's rules find before anything is sent: the text too short, too long or holding a
 * character it may not (a control, direction or invisible one), or a contact that breaks its rule.
 */
export type FormProblem = 'contentShort' | 'contentLong' | 'contentCharacters' | 'contactInvalid';
/**
 * Why the server refused, as its refusal names it: the same rules (4302, 4304), an image refused
 * (4303: more than the limit, one too large or not an image, all together too large), or too many
 * sends from here for now (429, with the wait).
 */
export type FeedbackRefusalReason = FormProblem | 'tooManyImages' | 'imageTooLarge' | 'notAnImage' | 'uploadTooLarge' | 'rateLimited';
/**
 * What stops a send: a rule on the phone, the server's refusal with its reason, a refusal for a
 * reason the app does not know ('refused': the server's words are shown), or no answer
 * (everything stays, to send again).
 */
export type FeedbackProblem = FeedbackRefusalReason | 'refused' | 'offline';
/** What happened to images just chosen: more than there is room for, some unreadable, or WeChat's chooser failed. */
export type ImageNotice = 'tooMany' | 'unreadable' | 'chooserFailed';

export interface FeedbackInput {
  /** A fresh clientId, used when there is no draft to restore. */
  clientId: string;
  /** FEEDBACK_MAX_IMAGES. */
  maxImages: number;
}

export interface FeedbackContext extends FeedbackDraft {
  maxImages: number;
  /** Files just chosen, being compressed. */
  incoming: Blob[];
  progress: number;
  problem: FeedbackProblem | null;
  /** The server's words for a refusal. */
  serverMessage: string | null;
  /** A refusal for sending too often: seconds until the server takes feedback from here again. */
  retryAfterSeconds: number | null;
  notice: ImageNotice | null;
  receipt: FeedbackReceipt | null;
}

export type FeedbackEvent =
  | { type: 'CHOOSE_TYPE'; typeId: string | null }
  | { type: 'EDIT'; field: 'content' | 'contact'; value: string }
  | { type: 'SET_QUALITY'; quality: ImageQuality }
  /** Inside WeChat: WeChat's chooser for the room left. */
  | { type: 'CHOOSE_IMAGES' }
  /** Elsewhere: the file input gave these. */
  | { type: 'FILES_PICKED'; files: Blob[] }
  | { type: 'REMOVE_IMAGE'; id: string }
  /** `problem`: what the phone's rules found, or null. */
  | { type: 'SEND'; problem: FormProblem | null }
  /** The upload reports how much has gone, 0 to 1 (through the `onProgress` of its input). */
  | { type: 'UPLOAD_PROGRESS'; progress: number }
  /** After a receipt: a new, empty draft with its own clientId. */
  | { type: 'NEW'; clientId: string };

export type ChooseOutcome = { kind: 'chosen'; files: Blob[] } | { kind: 'cancelled' } | { kind: 'failed' };
/** The chosen files compressed: the images, and how many could not be read. */
export interface PreparedImages {
  images: FeedbackImage[];
  unreadable: number;
}
/** The receipt, or the server's refusal: its reason ('refused' when the app does not know it), its words, and the wait when it was for sending too often. */
export type SubmitOutcome =
  | { ok: true; receipt: FeedbackReceipt }
  | { ok: false; problem: FeedbackRefusalReason | 'refused'; message: string; retryAfterSeconds: number | null };

/** What the upload is asked: the draft, and where to report how much of it has gone (0 to 1). */
export type SubmitRequest = FeedbackDraft & { onProgress: (fraction: number) => void };
