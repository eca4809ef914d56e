// The default import: dicom-parser is a UMD bundle, whose names Node's ESM loader cannot see.
import dicomParser, { type DataSet } from 'dicom-parser';
import { inflateSync } from 'fflate';
import { DecodeError } from './decoded';
import { isSupportedSyntax, SYNTAX } from './syntaxes';

/** A Part 10 file read up to its elements: where each value is, not yet what it means. */
export interface ParsedFile {
  transferSyntaxUid: string;
  /** The data set (for a deflated file, the inflated one, so its offsets point into other bytes). */
  dataSet: DataSet;
  /** Whether the data set is big endian (Explicit VR Big Endian): 16-bit pixels are swapped. */
  bigEndian: boolean;
}

const PREAMBLE = 128;

function isPart10(bytes: Uint8Array): boolean {
  return bytes.length >= PREAMBLE + 4
    && String.fromCharCode(bytes[128]!, bytes[129]!, bytes[130]!, bytes[131]!) === 'DICM';
}

/** dicom-parser throws strings, or `{ exception, dataSet }` from the data set; which kind of failure? */
function parseFailure(error: unknown): DecodeError {
  const cause = error && typeof error === 'object' && 'exception' in error ? error.exception : error;
  const text = cause instanceof Error ? cause.message : String(cause);
  // Reading or seeking past the end of the bytes: the file stops before its elements do.
  if (/past end|overrun|overread|greater than or equal to/i.test(text)) {
    return new DecodeError('truncated', `The file ends in the middle of an element (${text})`);
  }
  return new DecodeError('corrupt', `The file's elements cannot be read (${text})`);
}

/**
 * Deflated Explicit VR Little Endian: the data set after the meta information is raw deflate.
 * fflate stops at the end of the compressed stream, so bytes after it (GDCM's gzip trailer, a
 * writer's padding) are left alone, as Node, DCMTK and archives leave them (issue 25 §3); the
 * browsers' DecompressionStream refuses such files and drops what it had inflated.
 */
function inflateRaw(bytes: Uint8Array): Uint8Array {
  try {
    return inflateSync(bytes);
  } catch (error) {
    // fflate's code 0 is "unexpected end of data": a file cut short. Any other is damage.
    if ((error as { code?: unknown } | null)?.code === 0) throw new DecodeError('truncated', `The deflated data set ends early (${String(error)})`);
    throw new DecodeError('corrupt', `The deflated data set is damaged (${String(error)})`);
  }
}

/**
 * Reads the file meta information, checks the transfer syntax, and reads the data set's elements.
 * Throws DecodeError: notDicom, truncated, unsupportedSyntax, corrupt.
 */
export async function parseFile(bytes: Uint8Array): Promise<ParsedFile> {
  if (!isPart10(bytes)) throw new DecodeError('notDicom', 'No "DICM" marker after a 128-byte preamble: not a DICOM Part 10 file');
  let meta: DataSet & { position?: number };
  try {
    meta = dicomParser.readPart10Header(bytes);
  } catch (error) {
    throw parseFailure(error);
  }
  const transferSyntaxUid = meta.string('x00020010')?.replace(/\0/g, '').trim();
  if (!transferSyntaxUid) {
    // Meta information that runs to the end of the bytes was cut before it named the syntax.
    if ((meta.position ?? bytes.length) >= bytes.length) throw new DecodeError('truncated', 'The file ends inside its meta information');
    throw new DecodeError('corrupt', 'The file meta information names no transfer syntax (0002,0010)');
  }
  if (!isSupportedSyntax(transferSyntaxUid)) {
    throw new DecodeError('unsupportedSyntax', `Transfer syntax ${transferSyntaxUid} is not supported`);
  }
  try {
    if (transferSyntaxUid === SYNTAX.deflated) {
      const inflated = inflateRaw(bytes.subarray(meta.position ?? bytes.length));
      // A raw data set (no preamble): dicom-parser reads it from the start in the syntax given.
      return { transferSyntaxUid, dataSet: dicomParser.parseDicom(inflated, { TransferSyntaxUID: SYNTAX.explicitLittle }), bigEndian: false };
    }
    return { transferSyntaxUid, dataSet: dicomParser.parseDicom(bytes), bigEndian: transferSyntaxUid === SYNTAX.explicitBig };
  } catch (error) {
    if (error instanceof DecodeError) throw error;
    throw parseFailure(error);
  }
}
