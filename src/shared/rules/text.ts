/**
 * Free text the patient or a visitor types, and the sandbox keeps or looks a record up by (issue
 * 22): one table of the fields, each with its bounds, and one check the app's forms and the
 * sandbox's routes both run, so what the phone accepts is exactly what the server accepts.
 *
 * Lengths count characters as people see them in a counter: Unicode code points, after the spaces
 * at either end are trimmed (what is kept is the trimmed text). An input's `maxLength` counts
 * UTF-16 units, so it may stop typing a little earlier (an emoji is two), never later.
 *
 * Answers to a code the server issued (the image code, the SMS code, a share's access code) are
 * not in the table: they are only compared with that code, so nothing else gets through anyway.
 */

export interface TextField {
  /** Fewest characters (0: the field may be left empty). */
  readonly min: number;
  readonly max: number;
  /** One line (a name, an address, a code), or prose that may have line breaks and tabs. */
  readonly multiline: boolean;
  /** Where it is typed and where the sandbox checks it. */
  readonly where: string;
}

export const TEXT_FIELDS = {
  nickName: { min: 1, max: 20, multiline: false, where: 'personal centre: the display name (V1.0/Center/UpdateUser)' },
  email: {
    min: 1,
    max: 254,
    multiline: false,
    where: 'personal centre and download: the e-mail address (V1.0/Center/UpdateUserEmail, v2/FilmDown/UpdateEmail, v2/FilmDown/SendEmail); spec section 5 then says which characters',
  },
  feedbackContent: { min: 10, max: 500, multiline: true, where: 'feedback: what happened (V1.0/HelpSupport/SubmitFeedback)' },
  feedbackContact: { min: 0, max: 100, multiline: false, where: 'feedback: a phone number or e-mail address to answer on, optional (V1.0/HelpSupport/SubmitFeedback)' },
  patientName: {
    min: 1,
    max: 40,
    multiline: false,
    where: 'collect: the name, matched with the phone against the hospital\'s record (Report/PatientPhone, v2/ReportCheck/sendcode)',
  },
  phone: { min: 11, max: 11, multiline: false, where: 'collect: the mobile number, 11 digits from 1 (Report/PatientPhone, v2/ReportCheck/sendcode)' },
  nationalId: { min: 18, max: 18, multiline: false, where: 'collect: the national ID number, spec section 5 (Package/checkcollect, Package/sendcode)' },
  bagCode: {
    min: 1,
    max: 256,
    multiline: false,
    where: 'collect: a film bag\'s code, the accession number or a link with ?code= (Package/MachTextKeyWords and the collect calls\' bagCode)',
  },
  shareCode: { min: 1, max: 64, multiline: false, where: 'share: the code or link someone was given (V1.0/Share/info)' },
} as const satisfies Record<string, TextField>;

export type TextFieldName = keyof typeof TEXT_FIELDS;

/** What is wrong with a value: a character it may not hold, or too few or too many characters. */
export type TextProblem = 'characters' | 'short' | 'long';

/** How many characters the rule counts: code points once the spaces at either end are gone. */
export function countedLength(value: string): number {
  return Array.from(value.trim()).length;
}

// Variation selectors: the emoji/text ones and the ideographic ones (a CJK glyph variant).
const SELECTOR = '\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}';

/**
 * Never in typed text: C0 and C1 controls (line breaks and tabs are taken out first where allowed),
 * the line and paragraph separators, the bidirectional marks, embeddings, overrides and isolates
 * (they make text read backwards on someone else's screen), the other invisible format characters
 * of Unicode's category Cf (zero-width space and joiners, word joiner and invisible operators, soft
 * hyphen, byte-order mark, Arabic and Syriac number marks, interlinear annotation, tag characters,
 * ...) listed by hand so that every browser and Node agree whatever Unicode version they ship, the
 * Hangul fillers and the braille blank (blank-looking letters used to make a name look empty),
 * noncharacters, and lone surrogates (not text at all). A variation selector is refused at the start
 * or after another selector or a space: one after a visible character picks its glyph, a run of them
 * hides data.
 */
const FORBIDDEN = new RegExp(
  [
    '[\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029]',
    '[\\u200E\\u200F\\u061C\\u202A-\\u202E\\u2066-\\u2069]',
    '[\\u00AD\\u0600-\\u0605\\u06DD\\u070F\\u0890\\u0891\\u08E2\\u180E\\u200B-\\u200D\\u2060-\\u2064\\u206A-\\u206F\\uFEFF\\uFFF9-\\uFFFB]',
    '[\\u{110BD}\\u{110CD}\\u{13430}-\\u{1343F}\\u{1BCA0}-\\u{1BCA3}\\u{1D173}-\\u{1D17A}\\u{E0001}\\u{E0020}-\\u{E007F}]',
    '[\\u115F\\u1160\\u3164\\uFFA0\\u2800]',
    '[\\uFDD0-\\uFDEF\\uFFFE\\uFFFF\\u{1FFFE}\\u{1FFFF}\\u{2FFFE}\\u{2FFFF}\\u{3FFFE}\\u{3FFFF}\\u{EFFFE}\\u{EFFFF}\\u{FFFFE}\\u{FFFFF}\\u{10FFFE}\\u{10FFFF}]',
    '[\\uD800-\\uDFFF]',
    `(?:^|[${SELECTOR}\\s])[${SELECTOR}]`,
  ].join('|'),
  'u',
);

/**
 * Emoji are fine everywhere; some are sequences with an invisible joiner: a zero-width joiner
 * between two pictographs (family, profession, rainbow flag) and tag characters after a black flag
 * (the flags of Scotland, Wales, England). Those joiners are taken out before the check; anywhere
 * else they are refused like any other invisible character.
 */
const EMOJI_JOINER = /(\p{Extended_Pictographic}(?:\uFE0F|[\u{1F3FB}-\u{1F3FF}])?)\u200D(?=\p{Extended_Pictographic})/gu;
const EMOJI_TAGS = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
/** Prose may also break lines, hold tabs, and the zero-width non-joiner that Persian and Indic writing need. */
const PROSE_EXTRAS = /[\t\n\r\u200C]/g;

/** True when `value` holds a character typed text may not hold (see FORBIDDEN); line breaks and tabs only when `multiline`. */
export function hasForbiddenCharacter(value: string, multiline: boolean): boolean {
  let text = value.replace(EMOJI_TAGS, '\u{1F3F4}').replace(EMOJI_JOINER, '$1');
  if (multiline) text = text.replace(PROSE_EXTRAS, ' ');
  return FORBIDDEN.test(text);
}

/**
 * The rule of one field on what was typed: a forbidden character first (the patient cannot see it,
 * so it is said before a count they can see), then too few or too many characters. Null: fine.
 */
export function textProblem(field: TextField, value: string): TextProblem | null {
  const trimmed = value.trim();
  if (hasForbiddenCharacter(trimmed, field.multiline)) return 'characters';
  const length = Array.from(trimmed).length;
  if (length < field.min) return 'short';
  return length > field.max ? 'long' : null;
}
