/**
 * The share code page without a code in its address (issue 24 §5): the patient pastes or types
 * what they were sent (the link and access code, a WeChat message around them, the code alone);
 * the share it names opens, with its access code when the text held one.
 */

/** What the text named, as the app's parsing rule found it (src/shared/rules/shareText.ts). */
export interface FoundShareLike {
  code: string;
  accessCode: string | null;
}

export interface ShareEntryContext {
  /** What is in the box. */
  text: string;
  /** No share code in what was given. */
  problem: 'codeMissing' | null;
}

export type ShareEntryEvent =
  | { type: 'TYPE'; text: string }
  /** `found` is what the rule found in the text, null when it found no share code. */
  | { type: 'GO'; found: FoundShareLike | null };
