import type { Locale } from '../i18n/locale';
import { CATEGORY_MEANINGS, REPORT_TERMS, type CategorySystem, type ReportTerm } from '../i18n/reportTerms';

/**
 * Reading a report for the patient (issue 27, point 1): which words of the glossary it uses and
 * where, whether a sentence rules a thing out ("未见明显结节": no nodule), and the impression's
 * items with what each names. Pure and local: the doctor's words are never rewritten, only
 * pointed at.
 */

/** A piece of the doctor's text: plain, or a glossary term (ruled out when the clause denies it). */
export type ReportPiece = { text: string; term?: undefined } | { text: string; term: ReportTerm; ruledOut: boolean };

interface Written {
  form: string;
  term: ReportTerm;
  latin: boolean;
}

/** Every written form, longest first: 肺结节 is read before 结节, 胸腔积液 before 积液. */
const WRITTEN: readonly Written[] = REPORT_TERMS.flatMap((term) => term.written.map((form) => ({ form, term, latin: /[a-z]/i.test(form) }))).sort(
  (a, b) => b.form.length - a.form.length,
);

/** Where a clause ends (a negation says nothing beyond it): its punctuation, or a full stop before a space. */
function endsClause(text: string, at: number): boolean {
  const char = text[at]!;
  if ('，,；;。！!？?\n\r'.includes(char)) return true;
  return char === '.' && (at + 1 === text.length || /\s/.test(text[at + 1]!));
}

/**
 * What, before a term in its clause, denies it: 未见 / 未发现 / 无明显 / 没有 / 不伴 / 否认, 排除
 * (but not 不能排除 / 不排除, which leave it open), 无 opening the clause, and the English "no",
 * "without", "negative for", "absence of".
 */
const DENIES = /未见|未发现|未显示|无明显|没有|不伴|否认|(?<!不能|不)排除|^\s*(?:[(（]?\d+[.、．)）]\s*)?无|\b(?:no|without|negative for|absence of)\b/i;

const isLetter = (char: string | undefined) => char !== undefined && /[a-z]/i.test(char);

function writtenAt(text: string, at: number): Written | undefined {
  return WRITTEN.find(({ form, latin }) => {
    if (!latin) return text.startsWith(form, at);
    if (text.slice(at, at + form.length).toLowerCase() !== form.toLowerCase()) return false;
    // An English term is a whole word: "no" is not the start of "nodule".
    return !isLetter(text[at - 1]) && !isLetter(text[at + form.length]);
  });
}

/** The text in pieces, each term of the glossary marked, in order; joined, the pieces are the text. */
export function readReport(text: string): ReportPiece[] {
  const pieces: ReportPiece[] = [];
  let plainFrom = 0;
  let clauseFrom = 0;
  for (let at = 0; at < text.length; ) {
    if (endsClause(text, at)) {
      clauseFrom = at + 1;
      at += 1;
      continue;
    }
    const found = writtenAt(text, at);
    if (!found) {
      at += 1;
      continue;
    }
    if (at > plainFrom) pieces.push({ text: text.slice(plainFrom, at) });
    const end = at + found.form.length;
    pieces.push({ text: text.slice(at, end), term: found.term, ruledOut: DENIES.test(text.slice(clauseFrom, at)) });
    plainFrom = end;
    at = end;
  }
  if (plainFrom < text.length) pieces.push({ text: text.slice(plainFrom) });
  return pieces;
}

/** A reporting category the text gives, and what that value means. */
export interface ReportCategory {
  system: CategorySystem;
  value: string;
  meaning: Readonly<Record<Locale, string>>;
}

/** One item of the impression, as the patient's summary shows it. */
export interface ImpressionItem {
  /** The doctor's words for the item, numbering dropped. */
  text: string;
  /** The glossary terms it names and does not rule out, once each, in the order written. */
  terms: ReportTerm[];
  /** The terms it rules out ("no effusion"). */
  ruledOut: ReportTerm[];
  /** It says nothing abnormal was seen, and names nothing. */
  normal: boolean;
  /** The first size it gives, as written ("6mm", "1.2×0.8 cm"). */
  size: string | null;
  categories: ReportCategory[];
}

/** A numbered item's mark: "1." "2、" "(3)" "①". */
const NUMBERING = /^\s*(?:[(（]?\d+[.、．)）]|[①-⑳])\s*/;
const NORMAL = /未见(?:明显)?(?:异常|病变)|无明显异常|未见明确异常|\bno (?:acute |significant )?abnormalit|\bunremarkable\b|within normal limits|\bnormal\b|正常/i;
const SIZE = /\d+(?:\.\d+)?\s*(?:[x×*]\s*\d+(?:\.\d+)?\s*)*(?:mm|cm|毫米|厘米)/i;
const CATEGORY = /\b(BI-?RADS|Lung-?RADS|C-?TI-?RADS|TI-?RADS)\s*[:：]?\s*(?:category|分类|类别)?\s*[:：]?\s*([0-6])\s*([abcx])?/gi;

function systemOf(written: string): CategorySystem {
  const plain = written.toUpperCase().replace(/-/g, '');
  if (plain.startsWith('BI')) return 'BI-RADS';
  if (plain.startsWith('LUNG')) return 'Lung-RADS';
  return 'TI-RADS';
}

function categoriesIn(text: string): ReportCategory[] {
  const found: ReportCategory[] = [];
  for (const [, written, digit, letter] of text.matchAll(CATEGORY)) {
    const system = systemOf(written!);
    const value = `${digit}${(letter ?? '').toUpperCase()}`;
    const meanings = CATEGORY_MEANINGS[system];
    const meaning = meanings[value] ?? meanings[digit!];
    if (meaning && !found.some((one) => one.system === system && one.value === value)) found.push({ system, value, meaning });
  }
  return found;
}

/**
 * Where the items are numbered: "1." "2、" "(3)" "④" at the start or after a space or a stop, and
 * only in sequence from 1, so "Lung-RADS 2." is not taken for a second item.
 */
const MARKER = /(?:^|(?<=[\s。；;，,]))(?:[(（](\d{1,2})[)）]|(\d{1,2})[.、．](?!\d)|([①-⑳]))/g;

/** The impression's items: its numbered items, else its sentences. */
function itemTexts(impression: string): string[] {
  const cuts: number[] = [];
  for (const match of impression.matchAll(MARKER)) {
    const [, bracketed, dotted, circled] = match;
    const number = circled ? circled.charCodeAt(0) - 0x2460 + 1 : Number(bracketed ?? dotted);
    if (number === cuts.length + 1) cuts.push(match.index);
  }
  const parts =
    cuts.length >= 2
      ? [impression.slice(0, cuts[0]), ...cuts.map((cut, index) => impression.slice(cut, cuts[index + 1]))]
      : impression.split(/(?<=[。；;\n])|(?<=\.)\s+/);
  return parts.map((part) => part.replace(NUMBERING, '').trim()).filter(Boolean);
}

export function impressionItems(impression: string | null | undefined): ImpressionItem[] {
  if (!impression?.trim()) return [];
  return itemTexts(impression).map((text) => {
    const named = readReport(text).filter((piece) => piece.term !== undefined);
    const terms = unique(named.filter((piece) => !piece.ruledOut).map((piece) => piece.term));
    const ruledOut = unique(named.filter((piece) => piece.ruledOut).map((piece) => piece.term)).filter((term) => !terms.includes(term));
    return {
      text,
      terms,
      ruledOut,
      normal: terms.length === 0 && NORMAL.test(text),
      size: SIZE.exec(text)?.[0].replace(/\s+/g, ' ') ?? null,
      categories: categoriesIn(text),
    };
  });
}

function unique(terms: ReportTerm[]): ReportTerm[] {
  return terms.filter((term, index) => terms.indexOf(term) === index);
}

/** The kinds of thing a text names (a term's family, or the term), for matching an AI mark's label to a report's item. */
export function kindsNamed(text: string): Set<string> {
  return new Set(readReport(text).flatMap((piece) => (piece.term && !piece.ruledOut ? [piece.term.family ?? piece.term.id] : [])));
}
