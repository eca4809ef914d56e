/**
 * A telephone number the hospital gives, as the patient reads it and as a `tel:` link dials it: only
 * digits, a leading +, and the spaces and dashes that group them are kept; anything else (text, a
 * script, a second number) and the number is not offered, rather than dialled wrong.
 */
export function telephone(text: string | null | undefined): { shown: string; dial: string } | null {
  if (!text) return null;
  const shown = text.trim();
  if (!/^\+?[0-9][0-9 -]*[0-9]$/.test(shown)) return null;
  const dial = shown.replace(/[ -]/g, '');
  const digits = dial.replace(/^\+/, '').length;
  return digits >= MIN_DIGITS && digits <= MAX_DIGITS ? { shown, dial } : null;
}

/** China's shortest service numbers (95xxx) and the ITU's longest number (E.164). */
const MIN_DIGITS = 5;
const MAX_DIGITS = 15;
