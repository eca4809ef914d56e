import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { concat, elementFor, encodeElement } from '../dicom/write/dataset';
import type { Encoding } from '../dicom/write/dataset';
import { lookUp } from '../dicom/write/dictionary';
import { DEFLATED_SYNTAX, elementsOf, encodingOf, fileMeta } from './part10';

/**
 * Desensitizing a DICOM file, as the app tells the patient: "desensitizing removes the name, ID,
 * birth date, hospital and accession number; the images stay unchanged". The name becomes
 * ANONYMOUS, the ID a pseudonym (the same for every package of the patient), the study ID (made
 * from the accession number) a code made from the study UID; the birth date, the hospital's name,
 * address and department, the referring physician, other names and IDs, the patient's address and
 * the accession number are emptied. UIDs and pixel data are copied byte for byte. The file says
 * so: PatientIdentityRemoved YES and a DeidentificationMethod.
 */

export const ANONYMOUS_NAME = 'ANONYMOUS';
export const DEIDENTIFICATION_METHOD = 'CLOUD FILM: NAME ID BIRTHDATE HOSPITAL ACCESSION REMOVED';

/** Emptied (kept, zero length) where present. */
const EMPTIED_KEYWORDS = [
  'AccessionNumber',
  'InstitutionName',
  'InstitutionAddress',
  'ReferringPhysicianName',
  'InstitutionalDepartmentName',
  'PatientBirthDate',
  'OtherPatientIDs',
  'OtherPatientNames',
  'OtherPatientIDsSequence',
  'PatientAddress',
] as const;

const NO_PIXEL_FORMAT = { signed: false, wide: false };
const EMPTIED = new Set(EMPTIED_KEYWORDS.map((keyword) => lookUp(keyword, NO_PIXEL_FORMAT).tag));

/** What a desensitized file (and its DICOMDIR record) says instead. */
export interface Deidentified {
  patientName: string;
  patientId: string;
  studyId: string;
}

/** The replacement values for a patient's study: a pseudonym from the patient's key, a study code from the study UID. */
export function deidentified(pseudonym: string, studyUid: string): Deidentified {
  const studyCode = createHash('sha256').update(studyUid).digest('hex').slice(0, 8).toUpperCase();
  return { patientName: ANONYMOUS_NAME, patientId: pseudonym, studyId: `A${studyCode}` };
}

/**
 * Pseudonyms: an HMAC of the patient with a key kept next to the packages, so the same patient
 * always gets the same pseudonym and nobody can work back from it to a medical record number.
 */
export function pseudonymizer(dir: string): (patientKey: string) => string {
  const file = join(dir, 'pseudonym.key');
  let key: Buffer;
  try {
    key = readFileSync(file);
  } catch {
    mkdirSync(dir, { recursive: true });
    key = randomBytes(32);
    writeFileSync(file, key, { mode: 0o600 });
  }
  return (patientKey) => `ANON${createHmac('sha256', key).update(patientKey).digest('hex').slice(0, 12).toUpperCase()}`;
}

function replacements(values: Deidentified, encoding: Encoding): Map<number, Uint8Array> {
  const entries: [string, string][] = [
    ['PatientName', values.patientName],
    ['PatientID', values.patientId],
    ['PatientIdentityRemoved', 'YES'],
    ['DeidentificationMethod', DEIDENTIFICATION_METHOD],
    ['StudyID', values.studyId],
  ];
  return new Map(
    entries.map(([keyword, value]) => {
      const element = elementFor(keyword, value, encoding, NO_PIXEL_FORMAT);
      return [element.tag, encodeElement(element, encoding)];
    }),
  );
}

/** The data set with the identifying elements replaced or emptied, the replacements in tag order. */
function rewrite(dataSet: Uint8Array, encoding: Encoding, values: Deidentified): Uint8Array {
  const pending = [...replacements(values, encoding)].sort(([a], [b]) => a - b);
  const parts: Uint8Array[] = [];
  const flushBefore = (tag: number) => {
    while (pending.length > 0 && (pending[0] as [number, Uint8Array])[0] < tag) parts.push((pending.shift() as [number, Uint8Array])[1]);
  };
  for (const element of elementsOf(dataSet, encoding)) {
    flushBefore(element.tag);
    if (pending[0]?.[0] === element.tag) {
      parts.push((pending.shift() as [number, Uint8Array])[1]);
    } else if (EMPTIED.has(element.tag)) {
      parts.push(encodeElement({ tag: element.tag, vr: element.vr ?? 'UN', value: new Uint8Array(0) }, encoding));
    } else {
      parts.push(dataSet.subarray(element.start, element.end));
    }
  }
  flushBefore(Infinity);
  return concat(parts);
}

/** A desensitized copy of a Part 10 file in any transfer syntax (a deflated one is inflated, rewritten, deflated). */
export function desensitizeDicom(file: Uint8Array, values: Deidentified): Uint8Array {
  const meta = fileMeta(file);
  const deflated = meta.transferSyntaxUid === DEFLATED_SYNTAX;
  const body = file.subarray(meta.dataSetStart);
  const dataSet = deflated ? new Uint8Array(inflateRawSync(body)) : body;
  const rewritten = rewrite(dataSet, encodingOf(meta.transferSyntaxUid), values);
  return concat([file.subarray(0, meta.dataSetStart), deflated ? new Uint8Array(deflateRawSync(rewritten)) : rewritten]);
}

/**
 * Fails when any of the values a desensitized file must not hold is still in its bytes (as UTF-8,
 * and inflated when deflated): a last check before a package leaves the server.
 */
export function assertNoneOf(file: Uint8Array, removed: readonly string[]): void {
  const meta = fileMeta(file);
  const body = meta.transferSyntaxUid === DEFLATED_SYNTAX ? inflateRawSync(file.subarray(meta.dataSetStart)) : Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  for (const value of removed) {
    if (value.trim().length >= 3 && body.includes(Buffer.from(value, 'utf8'))) {
      throw new Error(`desensitize: a removed value is still in ${meta.sopInstanceUid}`);
    }
  }
}
