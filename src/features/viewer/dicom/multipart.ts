/**
 * `multipart/related` bodies as WADO-RS sends them (PS3.18 8.7.1.1, RFC 2046 5.1): the boundary
 * from the answer's Content-Type, quoted or not; a preamble before the first delimiter and an
 * epilogue after the last are ignored; lines end in CRLF (a bare LF is read too, as some servers
 * send it). Each part keeps its own headers (its Content-Type names the transfer syntax).
 */

export interface BodyPart {
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Uint8Array;
}

export class MultipartError extends Error {
  override name = 'MultipartError';
}

/** A media type's parameters (`type="application/dicom"; transfer-syntax=1.2.840.10008.1.2.1`), names in lower case, quotes removed. */
export function mediaTypeParameters(contentType: string): { type: string; parameters: Record<string, string> } {
  const [type = '', ...rest] = splitOutsideQuotes(contentType, ';');
  const parameters: Record<string, string> = {};
  for (const part of rest) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim().toLowerCase();
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    parameters[name] = value;
  }
  return { type: type.trim().toLowerCase(), parameters };
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && quoted) i++;
    else if (c === '"') quoted = !quoted;
    else if (c === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  outer: for (let i = haystack.indexOf(first!, from); i >= 0 && i <= haystack.length - needle.length; i = haystack.indexOf(first!, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

const CR = 13;
const LF = 10;
const DASH = 45;

/** The parts of a multipart body; throws MultipartError when it is not one (no boundary, no delimiter, no closing). */
export function parseMultipart(bytes: Uint8Array, contentType: string): BodyPart[] {
  const { type, parameters } = mediaTypeParameters(contentType);
  const boundary = parameters.boundary;
  if (!type.startsWith('multipart/') || !boundary) throw new MultipartError(`not a multipart answer: ${contentType}`);
  const delimiter = new TextEncoder().encode(`--${boundary}`);
  const parts: BodyPart[] = [];
  // The first delimiter may open the body or follow a preamble (then after a line break).
  let at = indexOf(bytes, delimiter, 0);
  while (at >= 0) {
    let next = at + delimiter.length;
    if (bytes[next] === DASH && bytes[next + 1] === DASH) return parts;
    // Transport padding, then the line break that ends the delimiter line.
    while (bytes[next] === 32 || bytes[next] === 9) next++;
    if (bytes[next] === CR) next++;
    if (bytes[next] !== LF) throw new MultipartError('a delimiter line does not end');
    const start = next + 1;
    const end = indexOf(bytes, delimiter, start);
    if (end < 0) throw new MultipartError('the body ends before its closing delimiter');
    // The line break before a delimiter belongs to the delimiter.
    let bodyEnd = end;
    if (bytes[bodyEnd - 1] === LF) bodyEnd--;
    if (bytes[bodyEnd - 1] === CR) bodyEnd--;
    parts.push(readPart(bytes.subarray(start, Math.max(start, bodyEnd))));
    at = end;
  }
  throw new MultipartError('no delimiter in the body');
}

function readPart(part: Uint8Array): BodyPart {
  // Headers end at the first empty line (CRLF CRLF, or LF LF); a part that opens with it has none.
  const crlf = indexOf(part, new Uint8Array([CR, LF, CR, LF]), 0);
  const lf = indexOf(part, new Uint8Array([LF, LF]), 0);
  let headerEnd: number;
  let bodyStart: number;
  if (part[0] === CR && part[1] === LF) [headerEnd, bodyStart] = [0, 2];
  else if (part[0] === LF) [headerEnd, bodyStart] = [0, 1];
  else if (crlf >= 0 && (lf < 0 || crlf < lf)) [headerEnd, bodyStart] = [crlf, crlf + 4];
  else if (lf >= 0) [headerEnd, bodyStart] = [lf, lf + 2];
  else throw new MultipartError('a part without the empty line that ends its headers');
  const headers: Record<string, string> = {};
  for (const line of new TextDecoder().decode(part.subarray(0, headerEnd)).split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: part.subarray(bodyStart) };
}
