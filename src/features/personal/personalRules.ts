import type { UserInfo } from '../../shared/api/centerSchemas';
import { isValidEmail } from '../../shared/rules/email';
import { TEXT_FIELDS, textProblem } from '../../shared/rules/text';

/** What the app greets the patient by: the display name, else the name. */
export const displayName = (user: Pick<UserInfo, 'nickName' | 'name'>) => user.nickName?.trim() || user.name;

/** The display name rule (TEXT_FIELDS.nickName): 1-20 characters once spaces at either end are gone, none of them a control or invisible one. */
export const nickNameProblem = (value: string): 'invalid' | null => (textProblem(TEXT_FIELDS.nickName, value) ? 'invalid' : null);

/** What the page says of a display name the rule refuses: a character the patient cannot see, else the length. */
export const nickNameWords = (value: string): 'modify.nameCharacters' | 'modify.nameInvalid' =>
  textProblem(TEXT_FIELDS.nickName, value) === 'characters' ? 'modify.nameCharacters' : 'modify.nameInvalid';

/** The e-mail rule of spec section 5, on what was typed. */
export const emailProblem = (value: string): 'invalid' | null => (isValidEmail(value) ? null : 'invalid');
