import type { EmailProblem } from '../rules/email';
import type { MessageKey } from './translate';

/** How every e-mail form says what is wrong with an address: the part to fix (src/shared/rules/email.ts). */
export const emailProblemWords: Readonly<Record<EmailProblem, MessageKey>> = {
  empty: 'email.problem.empty',
  noAt: 'email.problem.noAt',
  local: 'email.problem.local',
  domain: 'email.problem.domain',
  long: 'email.problem.long',
};
