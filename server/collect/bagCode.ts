/**
 * A film bag's QR code holds the study's accession number, alone or as a link with
 * `?code=<accession number>`. Answers the accession number, or '' when there is none.
 */
export function accessionOfBagCode(text: string): string {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed) && !trimmed.includes('?')) return trimmed;
  try {
    return new URL(trimmed, 'http://bag.invalid').searchParams.get('code')?.trim() ?? '';
  } catch {
    return '';
  }
}
