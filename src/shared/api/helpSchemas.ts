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
