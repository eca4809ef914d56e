import * as z from 'zod/mini';
import type { FeedbackRefusalReason } from '../../../machines/feedback/feedback.types';

/**
 * The help centre (issue 14): V1.0/HelpSupport QuestionTypes and QuestionInfo, both public. The
 * hospital writes the articles; they come in the language asked for (`lang`: zh-CN or en).
 */

const text = z.string();

export const questionTitleSchema = z.object({ questionId: text, title: text });
export type QuestionTitle = z.infer<typeof questionTitleSchema>;

/** GET V1.0/HelpSupport/QuestionTypes?lang=: the question types, each with its questions' titles. */
export const questionTypesSchema = z.array(
  z.object({
    typeId: text,
    name: text,
    questions: z.array(questionTitleSchema),
  }),
);
export type QuestionTypes = z.infer<typeof questionTypesSchema>;

/** GET V1.0/HelpSupport/QuestionInfo?questionId=&lang=: one article, as paragraphs, with related questions. */
export const questionInfoSchema = z.object({
  questionId: text,
  typeId: text,
  typeName: text,
  title: text,
  paragraphs: z.array(text),
  updatedAt: text,
  related: z.array(questionTitleSchema),
});
export type QuestionInfo = z.infer<typeof questionInfoSchema>;

/** Business status code: no such article. */
export const HELP_CODES = { questionNotFound: 4301 } as const;

/**
 * POST V1.0/HelpSupport/SubmitFeedback, multipart/form-data (public; a signed-in patient's bearer
 * attaches the feedback to them): parts `clientId` (a UUID made once per draft: a retry of the
 * same draft is recorded once), `typeId` (a question type, or empty), `content`, `contact`
 * (optional: a phone number or e-mail to answer on), and up to FEEDBACK_MAX_IMAGES parts `images`.
 * The text parts follow the text rule (src/shared/rules/text.ts: TEXT_FIELDS.feedbackContent and
 * feedbackContact); the images are held to the sizes below, on the phone and on the server. The
 * server also limits how often one address or one patient may send (429 with the wait).
 */
export const FEEDBACK_MAX_IMAGES = 9;
/** Per image, after the phone's compression (an original may be larger, up to this). */
export const FEEDBACK_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** All the images of one feedback together: originals that would go past it are sent compressed. */
export const FEEDBACK_IMAGES_MAX_BYTES = 24 * 1024 * 1024;
export const FEEDBACK_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const FEEDBACK_CODES = {
  /** The content breaks the text rule (the refusal's reason says how). */
  contentInvalid: 4302,
  /** An image refused: too many, one too large or not an image, or all of them too large together. */
  imageRefused: 4303,
  /** The contact breaks the text rule. */
  contactInvalid: 4304,
} as const;

/** Why SubmitFeedback refused (the refusal's `result.reason`), so the app can say it in the patient's language. */
export const FEEDBACK_REFUSAL_REASONS = [
  'contentShort',
  'contentLong',
  'contentCharacters',
  'contactInvalid',
  'tooManyImages',
  'imageTooLarge',
  'notAnImage',
  'uploadTooLarge',
] as const satisfies readonly FeedbackRefusalReason[];
export const feedbackRefusalSchema = z.object({ reason: z.enum(FEEDBACK_REFUSAL_REASONS) });
export type FeedbackRefusal = z.infer<typeof feedbackRefusalSchema>;

export const feedbackReceivedSchema = z.object({
  feedbackId: text,
  /** ISO time it was received; a retry of the same clientId answers the first receipt. */
  receivedAt: text,
  imageCount: z.int().check(z.nonnegative()),
});
export type FeedbackReceived = z.infer<typeof feedbackReceivedSchema>;
