import * as z from 'zod/mini';

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
 */
export const FEEDBACK_MAX_IMAGES = 9;
export const FEEDBACK_CONTENT_MIN = 10;
export const FEEDBACK_CONTENT_MAX = 500;
/** The optional contact (a phone number or an e-mail address) is at most this many characters. */
export const FEEDBACK_CONTACT_MAX = 100;
/** Per image, after the phone's compression (an original may be larger, up to this). */
export const FEEDBACK_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const FEEDBACK_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const FEEDBACK_CODES = {
  /** Content shorter than FEEDBACK_CONTENT_MIN or longer than FEEDBACK_CONTENT_MAX characters. */
  contentInvalid: 4302,
  /** More than FEEDBACK_MAX_IMAGES images, or one not an accepted image or too large. */
  imageRefused: 4303,
} as const;

export const feedbackReceivedSchema = z.object({
  feedbackId: text,
  /** ISO time it was received; a retry of the same clientId answers the first receipt. */
  receivedAt: text,
  imageCount: z.int().check(z.nonnegative()),
});
export type FeedbackReceived = z.infer<typeof feedbackReceivedSchema>;
