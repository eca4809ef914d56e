import { concat, encodeDataSet, encodeElement, EXPLICIT_LITTLE, itemHeader } from '../dicom/write/dataset';

/**
 * The DICOMDIR of a package: a Media Storage Directory file (PS3.10 8.6, PS3.3 F.3 Basic Directory
 * IOD) in explicit VR little endian, with PATIENT → STUDY → SERIES → IMAGE records (PS3.3 F.5)
 * and the offsets that chain them. The records are encoded with the sandbox's own data set writer
 * (dicom/write/dataset.ts).
 *
 * Offsets count bytes from the first byte of the file (the preamble), to the item tag of a record.
 * Records are laid out depth first: a patient, its first study, that study's first series, its
 * images, the next series, ... OffsetOfTheNextDirectoryRecord chains siblings (0 after the last),
 * OffsetOfReferencedLowerLevelDirectoryEntity points to the first child (0 for an image).
 */

export const MEDIA_STORAGE_DIRECTORY_SOP_CLASS = '1.2.840.10008.1.3.10';
const EXPLICIT_LITTLE_SYNTAX = '1.2.840.10008.1.2.1';
const IMPLEMENTATION_CLASS_UID = '1.2.826.0.1.3680043.8.498.1';
const IMPLEMENTATION_VERSION_NAME = 'CLOUDFILM_1';
const UTF8 = 'ISO_IR 192';
const DIRECTORY_RECORD_SEQUENCE = 0x00041220;
/** PS3.10 8.2 / PS3.12: a file ID component is 1–8 of A–Z, 0–9 and _. */
const FILE_ID_COMPONENT = /^[A-Z0-9_]{1,8}$/;
const MAX_FILE_ID_COMPONENTS = 8;

export interface DicomdirImage {
  /** The file's path in the file set, one component each: ['DICOM', 'S0000001', 'I0000001']. */
  fileId: readonly string[];
  sopClassUid: string;
  sopInstanceUid: string;
  transferSyntaxUid: string;
  instanceNumber: number;
}

export interface DicomdirSeries {
  modality: string;
  seriesInstanceUid: string;
  seriesNumber: number;
  seriesDescription?: string;
  images: readonly DicomdirImage[];
}

export interface DicomdirStudy {
  studyInstanceUid: string;
  /** DICOM DA (YYYYMMDD) and TM (HHMMSS). */
  studyDate: string;
  studyTime: string;
  studyDescription: string;
  studyId: string;
  accessionNumber: string;
  series: readonly DicomdirSeries[];
}

export interface DicomdirPatient {
  patientName: string;
  patientId: string;
  studies: readonly DicomdirStudy[];
}

export interface DicomdirContent {
  /** The file set's ID (CS, at most 16 characters). */
  fileSetId: string;
  /** The DICOMDIR's own SOP instance UID. */
  sopInstanceUid: string;
  patients: readonly DicomdirPatient[];
}

/** A record before the offsets are known: its keys, and its children in the tree. */
interface RecordNode {
  keys: Record<string, unknown>;
  children: RecordNode[];
}

function hasNonAscii(keys: Record<string, unknown>): boolean {
  return Object.values(keys).some((value) => typeof value === 'string' && /[^\x20-\x7e]/.test(value));
}

function checkFileId(fileId: readonly string[]): void {
  if (fileId.length === 0 || fileId.length > MAX_FILE_ID_COMPONENTS || !fileId.every((c) => FILE_ID_COMPONENT.test(c))) {
    throw new Error(`dicomdir: "${fileId.join('\\')}" is not a file ID of at most 8 components of A-Z, 0-9 and _ (8 characters each)`);
  }
}

function node(type: string, keys: Record<string, unknown>, children: RecordNode[] = []): RecordNode {
  const all = { DirectoryRecordType: type, ...keys };
  // PS3.3 F.3.2.2: the record names its character set when a key needs more than ASCII.
  return { keys: hasNonAscii(all) ? { SpecificCharacterSet: UTF8, ...all } : all, children };
}

function tree(content: DicomdirContent): RecordNode[] {
  return content.patients.map((patient) =>
    node('PATIENT', { PatientName: patient.patientName, PatientID: patient.patientId }, patient.studies.map((study) =>
      node(
        'STUDY',
        {
          StudyDate: study.studyDate,
          StudyTime: study.studyTime,
          StudyDescription: study.studyDescription,
          StudyInstanceUID: study.studyInstanceUid,
          StudyID: study.studyId,
          AccessionNumber: study.accessionNumber,
        },
        study.series.map((series) =>
          node(
            'SERIES',
            {
              Modality: series.modality,
              SeriesInstanceUID: series.seriesInstanceUid,
              SeriesNumber: series.seriesNumber,
              ...(series.seriesDescription ? { SeriesDescription: series.seriesDescription } : {}),
            },
            series.images.map((image) => {
              checkFileId(image.fileId);
              return node('IMAGE', {
                ReferencedFileID: [...image.fileId],
                ReferencedSOPClassUIDInFile: image.sopClassUid,
                ReferencedSOPInstanceUIDInFile: image.sopInstanceUid,
                ReferencedTransferSyntaxUIDInFile: image.transferSyntaxUid,
                InstanceNumber: image.instanceNumber,
              });
            }),
          ),
        ),
      ),
    )),
  );
}

/** Depth first: each record, then its children, then its next sibling. */
function flatten(siblings: readonly RecordNode[], out: RecordNode[] = []): RecordNode[] {
  for (const one of siblings) {
    out.push(one);
    flatten(one.children, out);
  }
  return out;
}

const FORMAT = { signed: false, wide: false };

function encodeRecord(keys: Record<string, unknown>, next: number, lower: number): Uint8Array {
  const body = encodeDataSet(
    { OffsetOfTheNextDirectoryRecord: next, OffsetOfReferencedLowerLevelDirectoryEntity: lower, ...keys },
    EXPLICIT_LITTLE,
    FORMAT,
  );
  return concat([itemHeader(0xfffee000, body.length, EXPLICIT_LITTLE), body]);
}

/** Preamble, "DICM" and the file meta information with its group length (PS3.10 7.1). */
function fileHeader(sopInstanceUid: string): Uint8Array {
  const body = encodeDataSet(
    {
      FileMetaInformationVersion: Uint8Array.of(0, 1),
      MediaStorageSOPClassUID: MEDIA_STORAGE_DIRECTORY_SOP_CLASS,
      MediaStorageSOPInstanceUID: sopInstanceUid,
      TransferSyntaxUID: EXPLICIT_LITTLE_SYNTAX,
      ImplementationClassUID: IMPLEMENTATION_CLASS_UID,
      ImplementationVersionName: IMPLEMENTATION_VERSION_NAME,
    },
    EXPLICIT_LITTLE,
    FORMAT,
  );
  const groupLength = encodeDataSet({ FileMetaInformationGroupLength: body.length }, EXPLICIT_LITTLE, FORMAT);
  const preamble = new Uint8Array(132);
  preamble.set(new TextEncoder().encode('DICM'), 128);
  return concat([preamble, groupLength, body]);
}

function directoryHead(fileSetId: string, first: number, last: number): Uint8Array {
  return encodeDataSet(
    {
      FileSetID: fileSetId,
      OffsetOfTheFirstDirectoryRecordOfTheRootDirectoryEntity: first,
      OffsetOfTheLastDirectoryRecordOfTheRootDirectoryEntity: last,
      FileSetConsistencyFlag: 0,
    },
    EXPLICIT_LITTLE,
    FORMAT,
  );
}

/** The DICOMDIR file's bytes. */
export function writeDicomdir(content: DicomdirContent): Uint8Array {
  if (!/^[A-Z0-9_ ]{0,16}$/.test(content.fileSetId)) throw new Error(`dicomdir: "${content.fileSetId}" is not a file set ID`);
  const roots = tree(content);
  const records = flatten(roots);
  const header = fileHeader(content.sopInstanceUid);
  // Every value that changes with the offsets is a fixed-size UL: the sizes are known before the offsets.
  const sizes = records.map((record) => encodeRecord(record.keys, 0, 0).length);
  const sequenceHeaderLength = 12;
  let at = header.length + directoryHead(content.fileSetId, 0, 0).length + sequenceHeaderLength;
  const offsets = new Map<RecordNode, number>();
  records.forEach((record, i) => {
    offsets.set(record, at);
    at += sizes[i] as number;
  });
  const offsetOf = (record: RecordNode | undefined) => (record ? (offsets.get(record) as number) : 0);
  const nextOf = new Map<RecordNode, RecordNode | undefined>();
  const link = (siblings: readonly RecordNode[]) =>
    siblings.forEach((one, i) => {
      nextOf.set(one, siblings[i + 1]);
      link(one.children);
    });
  link(roots);
  const items = records.map((record) => encodeRecord(record.keys, offsetOf(nextOf.get(record)), offsetOf(record.children[0])));
  const value = concat(items);
  const sequence = encodeElement({ tag: DIRECTORY_RECORD_SEQUENCE, vr: 'SQ', value }, EXPLICIT_LITTLE);
  return concat([header, directoryHead(content.fileSetId, offsetOf(roots[0]), offsetOf(roots.at(-1))), sequence]);
}
