import type { UserInfo } from '../../shared/api/centerSchemas';
import { savedEmailProblem } from '../../shared/rules/email';
import type { MessageKey } from '../../shared/i18n/translate';
import { emailProblemWords } from '../../shared/i18n/emailWords';
import { TEXT_FIELDS, textProblem } from '../../shared/rules/text';

/** What the app greets the patient by: the display name, else the name. */
export const displayName = (user: Pick<UserInfo, 'nickName' | 'name'>) => user.nickName?.trim() || user.name;

/** The display name rule (TEXT_FIELDS.nickName): 1-20 characters once spaces at either end are gone, none of them a control or invisible one. */
export const nickNameProblem = (value: string): 'invalid' | null => (textProblem(TEXT_FIELDS.nickName, value) ? 'invalid' : null);

/** What the page says of a display name the rule refuses: a character the patient cannot see, else the length. */
export const nickNameWords = (value: string): 'modify.nameCharacters' | 'modify.nameInvalid' =>
  textProblem(TEXT_FIELDS.nickName, value) === 'characters' ? 'modify.nameCharacters' : 'modify.nameInvalid';

/** The e-mail rule (spec section 5 widened by decisions.md) on what was typed; empty clears the saved address. */
export const emailProblem = (value: string): 'invalid' | null => (savedEmailProblem(value) ? 'invalid' : null);

/** What the page says of a refused address: the part that is wrong (the server's 4602 is the same rule). */
export const emailWords = (value: string): MessageKey => {
  const problem = savedEmailProblem(value);
  return problem ? emailProblemWords[problem] : 'modify.emailInvalid';
};
