import type { FeedbackDraft, FormProblem } from '../../../machines/feedback/feedback.types';
import { TEXT_FIELDS, textProblem } from '../../shared/rules/text';

const CONTENT_PROBLEMS = { characters: 'contentCharacters', short: 'contentShort', long: 'contentLong' } as const;

/** The text rule (src/shared/rules/text.ts) on the content, then on the contact: what is wrong first, or null. */
export function formProblem(draft: Pick<FeedbackDraft, 'content' | 'contact'>): FormProblem | null {
  const content = textProblem(TEXT_FIELDS.feedbackContent, draft.content);
  if (content) return CONTENT_PROBLEMS[content];
  return textProblem(TEXT_FIELDS.feedbackContact, draft.contact) ? 'contactInvalid' : null;
}
