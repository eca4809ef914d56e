// Apart from the image compression, so WeChat's image chooser does not bring it to every page.

/** Base64 (white space allowed) as bytes; null when it is not base64. */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(base64.replace(/\s+/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}
