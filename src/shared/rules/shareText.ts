/**
 * What a share holder pastes or types on the share code page (issue 24 §5): the copy button's
 * text (`{url}  访问码 {accessCode}`), the same text wrapped in a WeChat message, full-width
 * characters from a Chinese keyboard, spaces and line breaks a messenger adds, or the code alone.
 * This rule finds the share code and, when the text holds one, the four-digit access code.
 */

export const SHARE_ACCESS_CODE_LENGTH = 4;

export interface FoundShare {
  /** The share code, upper case. */
  code: string;
  /** The access code when the text holds one (four digits), else null. */
  accessCode: string | null;
}

/** Characters a messenger slips in that nobody sees: zero-width spaces and joiners, the BOM. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;
/** A link's `code` query (`/shareCode?code=K7WPQ2MX`), with or without the scheme. */
const LINK_CODE = /[?&]code=([A-Za-z0-9]+)/i;
/** A web address, as far as the characters an address may hold go (a Chinese word right after it is not part of it). */
const ADDRESS = /(?:https?:\/\/|www\.)[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+|[A-Za-z0-9.-]+\/shareCode\?[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*/gi;
/** An access code after its label, in either language (the catalogue's, and the words people use). */
const LABELLED_ACCESS = /(?:访问码|提取码|查看码|密码|access\s*code|passcode|password|pin)[^0-9A-Za-z]{0,6}((?:\d[ \t]?){3}\d)(?![0-9])/i;
/** A share code after its label. */
const LABELLED_CODE = /(?:分享码|share\s*code)[^0-9A-Za-z]{0,6}([A-Za-z0-9]{4,64})(?![A-Za-z0-9])/i;
/** A share code standing in a sentence: eight characters of the codes' alphabet, written in capitals. */
const BARE_CODE = /(?<![A-Za-z0-9])([2-9A-HJ-NP-Z]{8})(?![A-Za-z0-9])/g;
/** Four digits standing alone. */
const BARE_DIGITS = /(?<![A-Za-z0-9])(\d{4})(?![A-Za-z0-9])/g;

/** Full-width letters, digits and punctuation as plain ones, invisible characters gone. */
export const plainShareText = (text: string) => text.normalize('NFKC').replace(INVISIBLE, '');

/** The access code a text holds: after its label, else the one group of four digits standing alone. */
export function accessCodeIn(text: string): string | null {
  const plain = plainShareText(text).replace(ADDRESS, ' ');
  const labelled = LABELLED_ACCESS.exec(plain)?.[1];
  if (labelled) return labelled.replace(/\s/g, '');
  const alone = [...plain.matchAll(BARE_DIGITS)].map((match) => match[1]!);
  return alone.length === 1 ? alone[0]! : null;
}

function codeIn(plain: string): string | null {
  const fromLink = LINK_CODE.exec(plain)?.[1];
  if (fromLink) return fromLink.toUpperCase();
  const labelled = LABELLED_CODE.exec(plain)?.[1];
  if (labelled) return labelled.toUpperCase();
  // The code alone, typed in any case, maybe with spaces inside ("k7wp q2mx"); not digits alone,
  // and not beside a group of four digits (the code and its access code on two lines).
  const words = plain.split(/\s/);
  const joined = words.join('');
  if (/^[A-Za-z0-9]{1,64}$/.test(joined) && !/^\d+$/.test(joined) && !words.some((word) => /^\d{4}$/.test(word))) {
    return joined.toUpperCase();
  }
  const bare = [...plain.replace(ADDRESS, ' ').matchAll(BARE_CODE)].map((match) => match[1]!);
  return bare.length === 1 ? bare[0]! : null;
}

/**
 * The share a text names: its link's code (or a labelled or bare code) and the access code beside
 * it. Null when no code is found.
 */
export function findShare(text: string): FoundShare | null {
  const plain = plainShareText(text);
  const code = codeIn(plain);
  if (!code) return null;
  return { code, accessCode: accessCodeIn(plain) };
}
