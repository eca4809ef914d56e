import { lookUp } from './dictionary';

/** How a data set is written: explicit or implicit VR, little or big endian. */
export interface Encoding {
  explicit: boolean;
  littleEndian: boolean;
}

export const EXPLICIT_LITTLE: Encoding = { explicit: true, littleEndian: true };

/** What the pixel format decides about VRs the dictionary leaves open ("US or SS", "OB or OW"). */
export interface PixelFormat {
  signed: boolean;
  wide: boolean;
}

/** A data element ready to write: its bytes are the value, already in the data set's byte order. */
export interface Element {
  tag: number;
  vr: string;
  value: Uint8Array;
  /** Encapsulated pixel data: written with undefined length, the value holds the items. */
  undefinedLength?: boolean;
}

const STRING_VRS = new Set(['AE', 'AS', 'CS', 'DA', 'DS', 'DT', 'IS', 'LO', 'LT', 'PN', 'SH', 'ST', 'TM', 'UC', 'UI', 'UR', 'UT']);
// PS3.5 7.1.2: these VRs have a 2-byte reserved field and a 4-byte length in explicit VR.
const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'UC', 'UN', 'UR', 'UT', 'SV', 'UV']);
const NUMBER_VRS: Record<string, { size: number; write: (view: DataView, at: number, value: number, little: boolean) => void }> = {
  US: { size: 2, write: (v, at, n, le) => v.setUint16(at, n, le) },
  SS: { size: 2, write: (v, at, n, le) => v.setInt16(at, n, le) },
  UL: { size: 4, write: (v, at, n, le) => v.setUint32(at, n, le) },
  SL: { size: 4, write: (v, at, n, le) => v.setInt32(at, n, le) },
  FL: { size: 4, write: (v, at, n, le) => v.setFloat32(at, n, le) },
  FD: { size: 8, write: (v, at, n, le) => v.setFloat64(at, n, le) },
  SV: { size: 8, write: (v, at, n, le) => v.setBigInt64(at, BigInt(n), le) },
  UV: { size: 8, write: (v, at, n, le) => v.setBigUint64(at, BigInt(n), le) },
  // An attribute tag: group then element, each in the data set's byte order.
  AT: { size: 4, write: (v, at, n, le) => { v.setUint16(at, n >>> 16, le); v.setUint16(at + 2, n & 0xffff, le); } },
};
const WORD_SIZE: Record<string, number> = { OW: 2, OF: 4, OL: 4, OD: 8, OV: 8 };

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A decimal string (DS) holds at most 16 characters. */
function decimalString(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`writeDicom: DS value ${value} is not a finite number`);
  const plain = String(value);
  if (plain.length <= 16) return plain;
  for (let digits = 15; digits > 0; digits -= 1) {
    const text = Number(value.toPrecision(digits)).toString();
    if (text.length <= 16) return text;
  }
  return value.toExponential(8);
}

function personName(value: unknown): string {
  if (typeof value === 'string') return value;
  const groups = value as { Alphabetic?: string; Ideographic?: string; Phonetic?: string };
  return [groups.Alphabetic ?? '', groups.Ideographic ?? '', groups.Phonetic ?? ''].join('=').replace(/=+$/, '');
}

function textOf(vr: string, value: unknown): string {
  const values = Array.isArray(value) ? value : [value];
  return values
    .map((one: unknown) => {
      if (vr === 'DS' && typeof one === 'number') return decimalString(one);
      if (vr === 'IS' && typeof one === 'number') return String(Math.round(one));
      if (vr === 'PN') return personName(one);
      return String(one);
    })
    .join('\\');
}

function padded(bytes: Uint8Array, pad: number): Uint8Array {
  if (bytes.length % 2 === 0) return bytes;
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes);
  out[bytes.length] = pad;
  return out;
}

/** Bytes of a word array (OW, OF, ...) in the wanted byte order; this machine is little endian. */
export function wordBytes(value: ArrayBufferView, wordSize: number, littleEndian: boolean): Uint8Array {
  const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice();
  if (!littleEndian && wordSize > 1) {
    for (let at = 0; at + wordSize <= bytes.length; at += wordSize) bytes.subarray(at, at + wordSize).reverse();
  }
  return bytes;
}

function valueBytes(keyword: string, vr: string, value: unknown, encoding: Encoding, format: PixelFormat): Uint8Array {
  if (STRING_VRS.has(vr)) {
    return padded(new TextEncoder().encode(textOf(vr, value)), vr === 'UI' ? 0 : 0x20);
  }
  const numeric = NUMBER_VRS[vr];
  if (numeric) {
    const numbers = (Array.isArray(value) ? value : [value]).map(Number);
    const view = new DataView(new ArrayBuffer(numbers.length * numeric.size));
    numbers.forEach((n, i) => numeric.write(view, i * numeric.size, n, encoding.littleEndian));
    return new Uint8Array(view.buffer);
  }
  if (vr === 'SQ') {
    if (!Array.isArray(value)) throw new Error(`writeDicom: ${keyword} is a sequence; give an array of items`);
    return concat(value.map((item: Record<string, unknown>) => {
      const body = encodeDataSet(item, encoding, format);
      return concat([itemHeader(0xfffee000, body.length, encoding), body]);
    }));
  }
  if (vr === 'OB' || vr === 'UN' || vr in WORD_SIZE) {
    if (!ArrayBuffer.isView(value)) throw new Error(`writeDicom: ${keyword} (${vr}) needs a typed array`);
    return padded(wordBytes(value, WORD_SIZE[vr] ?? 1, encoding.littleEndian), 0);
  }
  throw new Error(`writeDicom: cannot write ${keyword} with VR ${vr}`);
}

/** An item or delimiter header: (FFFE,xxxx) and a 4-byte length, never with a VR. */
export function itemHeader(tag: number, length: number, encoding: Encoding): Uint8Array {
  const view = new DataView(new ArrayBuffer(8));
  view.setUint16(0, tag >>> 16, encoding.littleEndian);
  view.setUint16(2, tag & 0xffff, encoding.littleEndian);
  view.setUint32(4, length, encoding.littleEndian);
  return new Uint8Array(view.buffer);
}

export function encodeElement(element: Element, encoding: Encoding): Uint8Array {
  const { tag, vr, value } = element;
  const length = element.undefinedLength ? 0xffffffff : value.length;
  const le = encoding.littleEndian;
  const long = !encoding.explicit || LONG_VRS.has(vr);
  const view = new DataView(new ArrayBuffer(long ? (encoding.explicit ? 12 : 8) : 8));
  view.setUint16(0, tag >>> 16, le);
  view.setUint16(2, tag & 0xffff, le);
  if (!encoding.explicit) {
    view.setUint32(4, length, le);
  } else {
    view.setUint8(4, vr.charCodeAt(0));
    view.setUint8(5, vr.charCodeAt(1));
    if (long) view.setUint32(8, length, le);
    else {
      if (length > 0xffff) throw new Error(`writeDicom: value of (${tag.toString(16)}) too long for VR ${vr}`);
      view.setUint16(6, length, le);
    }
  }
  return concat([new Uint8Array(view.buffer), value]);
}

/** The element for a keyword and its value. */
export function elementFor(keyword: string, value: unknown, encoding: Encoding, format: PixelFormat): Element {
  const { tag, vr } = lookUp(keyword, format);
  return { tag, vr, value: valueBytes(keyword, vr, value, encoding, format) };
}

/** A data set from keywords and values (undefined and null are left out), in ascending tag order. */
export function encodeDataSet(
  tags: Record<string, unknown>,
  encoding: Encoding,
  format: PixelFormat,
  extra: readonly Element[] = [],
): Uint8Array {
  const elements = Object.entries(tags)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([keyword, value]) => elementFor(keyword, value, encoding, format))
    .concat(extra)
    .sort((a, b) => a.tag - b.tag);
  return concat(elements.map((element) => encodeElement(element, encoding)));
}
