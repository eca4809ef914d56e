import { metaEnd } from '../dicom/compose';
import { EXPLICIT_LITTLE } from '../dicom/write/dataset';
import type { Encoding } from '../dicom/write/dataset';

/**
 * Reading a DICOM Part 10 file element by element, without interpreting values: enough to copy a
 * data set with a few elements changed (desensitize.ts) and to learn what the file is (its meta
 * information), whatever its transfer syntax.
 */

export const DEFLATED_SYNTAX = '1.2.840.10008.1.2.1.99';
const IMPLICIT_LITTLE_SYNTAX = '1.2.840.10008.1.2';
const EXPLICIT_BIG_SYNTAX = '1.2.840.10008.1.2.2';

// PS3.5 7.1.2: in explicit VR these have a 2-byte reserved field and a 4-byte length.
const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'UC', 'UN', 'UR', 'UT', 'SV', 'UV']);
const UNDEFINED_LENGTH = 0xffffffff;
const ITEM = 0xfffee000;
const ITEM_DELIMITER = 0xfffee00d;
const SEQUENCE_DELIMITER = 0xfffee0dd;

/** One element as it lies in the bytes: [start, end) covers header and value. */
export interface RawElement {
  tag: number;
  /** Undefined in implicit VR. */
  vr: string | undefined;
  start: number;
  valueStart: number;
  end: number;
  undefinedLength: boolean;
}

/** How a transfer syntax encodes its data set (a deflated one once inflated). */
export function encodingOf(transferSyntaxUid: string): Encoding {
  if (transferSyntaxUid === IMPLICIT_LITTLE_SYNTAX) return { explicit: false, littleEndian: true };
  if (transferSyntaxUid === EXPLICIT_BIG_SYNTAX) return { explicit: true, littleEndian: false };
  return EXPLICIT_LITTLE;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function tagAt(data: DataView, at: number, littleEndian: boolean): number {
  return data.getUint16(at, littleEndian) * 0x10000 + data.getUint16(at + 2, littleEndian);
}

function truncated(at: number): Error {
  return new Error(`part10: the data set ends inside an element at byte ${at}`);
}

/** Past the items of an undefined-length value (a sequence or encapsulated pixel data): after its delimiter. */
function skipItems(bytes: Uint8Array, at: number, encoding: Encoding): number {
  const data = view(bytes);
  for (;;) {
    if (at + 8 > bytes.length) throw truncated(at);
    const tag = tagAt(data, at, encoding.littleEndian);
    const length = data.getUint32(at + 4, encoding.littleEndian);
    if (tag === SEQUENCE_DELIMITER) return at + 8;
    if (tag !== ITEM) throw new Error(`part10: expected an item at byte ${at}, found (${tag.toString(16)})`);
    at = length === UNDEFINED_LENGTH ? skipItemBody(bytes, at + 8, encoding) : at + 8 + length;
  }
}

/** Past the elements of an undefined-length item: after its item delimiter. */
function skipItemBody(bytes: Uint8Array, at: number, encoding: Encoding): number {
  const data = view(bytes);
  for (;;) {
    if (at + 8 > bytes.length) throw truncated(at);
    if (tagAt(data, at, encoding.littleEndian) === ITEM_DELIMITER) return at + 8;
    at = readElement(bytes, at, encoding).end;
  }
}

function readElement(bytes: Uint8Array, start: number, encoding: Encoding): RawElement {
  const data = view(bytes);
  const le = encoding.littleEndian;
  if (start + 8 > bytes.length) throw truncated(start);
  const tag = tagAt(data, start, le);
  let vr: string | undefined;
  let length: number;
  let valueStart: number;
  if (encoding.explicit) {
    vr = String.fromCharCode(bytes[start + 4] as number, bytes[start + 5] as number);
    if (LONG_VRS.has(vr)) {
      if (start + 12 > bytes.length) throw truncated(start);
      length = data.getUint32(start + 8, le);
      valueStart = start + 12;
    } else {
      length = data.getUint16(start + 6, le);
      valueStart = start + 8;
    }
  } else {
    length = data.getUint32(start + 4, le);
    valueStart = start + 8;
  }
  const undefinedLength = length === UNDEFINED_LENGTH;
  const end = undefinedLength ? skipItems(bytes, valueStart, encoding) : valueStart + length;
  if (end > bytes.length) throw truncated(start);
  return { tag, vr, start, valueStart, end, undefinedLength };
}

/** The top-level elements of a data set, in file order. */
export function* elementsOf(bytes: Uint8Array, encoding: Encoding, start = 0, end = bytes.length): Generator<RawElement> {
  let at = start;
  while (at < end) {
    const element = readElement(bytes, at, encoding);
    yield element;
    at = element.end;
  }
}

/** What the file meta information says the file is. */
export interface FileMeta {
  sopClassUid: string;
  sopInstanceUid: string;
  transferSyntaxUid: string;
  /** Where the data set starts. */
  dataSetStart: number;
}

function uidText(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes).replace(/[\0 ]+$/, '');
}

/** The file's meta information (always explicit VR little endian, PS3.10 7.1). */
export function fileMeta(file: Uint8Array): FileMeta {
  if (file.length < 144 || new TextDecoder().decode(file.subarray(128, 132)) !== 'DICM') throw new Error('part10: not a DICOM Part 10 file');
  const dataSetStart = metaEnd(file);
  const values = new Map<number, string>();
  for (const element of elementsOf(file, EXPLICIT_LITTLE, 132, dataSetStart)) {
    if (element.vr === 'UI') values.set(element.tag, uidText(file.subarray(element.valueStart, element.end)));
  }
  const get = (tag: number, name: string) => {
    const value = values.get(tag);
    if (!value) throw new Error(`part10: the file meta information has no ${name}`);
    return value;
  };
  return {
    sopClassUid: get(0x00020002, 'MediaStorageSOPClassUID'),
    sopInstanceUid: get(0x00020003, 'MediaStorageSOPInstanceUID'),
    transferSyntaxUid: get(0x00020010, 'TransferSyntaxUID'),
    dataSetStart,
  };
}
