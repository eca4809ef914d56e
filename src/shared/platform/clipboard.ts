/**
 * Puts text on the clipboard: the Clipboard API where the page may use it, else the old
 * select-and-copy (WeChat's browser on older phones). False when neither worked; the page then
 * shows the text selected, to copy by hand.
 */
export async function copyText(text: string, doc: Document = document): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = doc.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    doc.body.append(area);
    area.select();
    try {
      return doc.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}
