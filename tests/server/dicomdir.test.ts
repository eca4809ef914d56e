// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MEDIA_STORAGE_DIRECTORY_SOP_CLASS, writeDicomdir } from '../../server/packaging/dicomdir';
import type { DicomdirContent, DicomdirSeries } from '../../server/packaging/dicomdir';
import { allRecords, readDicomdir, utf8 } from './dicomdirReader';

const CT_IMAGE = '1.2.840.10008.5.1.4.1.1.2';
const EXPLICIT_LITTLE = '1.2.840.10008.1.2.1';
const JPEG_LOSSLESS = '1.2.840.10008.1.2.4.70';

function series(number: number, images: number, syntax = EXPLICIT_LITTLE): DicomdirSeries {
  return {
    modality: 'CT',
    seriesInstanceUid: `1.2.3.${number}`,
    seriesNumber: number,
    seriesDescription: `Series ${number}`,
    images: Array.from({ length: images }, (_, i) => ({
      fileId: ['DICOM', `S${String(number).padStart(7, '0')}`, `I${String(i + 1).padStart(7, '0')}`],
      sopClassUid: CT_IMAGE,
      sopInstanceUid: `1.2.3.${number}.${i + 1}`,
      transferSyntaxUid: syntax,
      instanceNumber: i + 1,
    })),
  };
}

function content(patients: DicomdirContent['patients']): DicomdirContent {
  return { fileSetId: 'CLOUDFILM', sopInstanceUid: '1.2.3.999', patients };
}

const ONE_STUDY = content([
  {
    patientName: '张伟',
    patientId: 'MZ0010023456',
    studies: [
      {
        studyInstanceUid: '1.2.3',
        studyDate: '20261118',
        studyTime: '093000',
        studyDescription: '胸部CT平扫',
        studyId: '11180001',
        accessionNumber: 'CT202611180001',
        series: [series(1, 3), series(2, 2, JPEG_LOSSLESS)],
      },
    ],
  },
]);

describe('the DICOMDIR writer', () => {
  it('writes a Media Storage Directory Part 10 file in explicit VR little endian', () => {
    const { dataSet } = readDicomdir(writeDicomdir(ONE_STUDY));
    expect(dataSet.string('x00020002')).toBe(MEDIA_STORAGE_DIRECTORY_SOP_CLASS);
    expect(dataSet.string('x00020003')).toBe('1.2.3.999');
    expect(dataSet.string('x00020010')).toBe(EXPLICIT_LITTLE);
    expect(dataSet.string('x00041130')).toBe('CLOUDFILM');
    expect(dataSet.uint16('x00041212')).toBe(0);
    expect(dataSet.elements.x00041220?.vr).toBe('SQ');
  });

  it('chains PATIENT → STUDY → SERIES → IMAGE by their offsets, every record reached once', () => {
    const { roots, records } = readDicomdir(writeDicomdir(ONE_STUDY));
    expect(records).toBe(1 + 1 + 2 + 5);
    const shape = roots.map((patient) => [patient.type, patient.children.map((study) => [study.type, study.children.map((s) => [s.type, s.children.map((i) => i.type)])])]);
    expect(shape).toEqual([['PATIENT', [['STUDY', [['SERIES', ['IMAGE', 'IMAGE', 'IMAGE']], ['SERIES', ['IMAGE', 'IMAGE']]]]]]]);
    // The last of each chain says 0; an image has no lower level.
    for (const record of allRecords(roots)) {
      if (record.type === 'IMAGE') expect(record.dataSet.uint32('x00041420')).toBe(0);
      else expect(record.dataSet.uint32('x00041420')).toBe(record.children[0]!.offset);
    }
    const [firstSeries, secondSeries] = roots[0]!.children[0]!.children;
    expect(firstSeries!.dataSet.uint32('x00041400')).toBe(secondSeries!.offset);
    expect(secondSeries!.dataSet.uint32('x00041400')).toBe(0);
  });

  it('keeps the keys each record type needs', () => {
    const { roots } = readDicomdir(writeDicomdir(ONE_STUDY));
    const patient = roots[0]!;
    expect(utf8(patient.dataSet, 'x00100010')).toBe('张伟');
    expect(patient.dataSet.string('x00100020')).toBe('MZ0010023456');
    expect(patient.dataSet.string('x00080005')).toBe('ISO_IR 192');
    const study = patient.children[0]!;
    expect(utf8(study.dataSet, 'x00081030')).toBe('胸部CT平扫');
    expect([study.dataSet.string('x00080020'), study.dataSet.string('x00080030'), study.dataSet.string('x0020000d')]).toEqual(['20261118', '093000', '1.2.3']);
    expect([study.dataSet.string('x00200010'), study.dataSet.string('x00080050')]).toEqual(['11180001', 'CT202611180001']);
    const series = study.children[1]!;
    expect([series.dataSet.string('x00080060'), series.dataSet.string('x0020000e'), series.dataSet.intString('x00200011')]).toEqual(['CT', '1.2.3.2', 2]);
    // ASCII-only records name no character set.
    expect(series.dataSet.elements.x00080005).toBeUndefined();
    const image = series.children[1]!;
    expect(image.dataSet.intString('x00200013')).toBe(2);
    expect(image.dataSet.string('x00041510')).toBe(CT_IMAGE);
    expect(image.dataSet.string('x00041511')).toBe('1.2.3.2.2');
    expect(image.dataSet.string('x00041512')).toBe(JPEG_LOSSLESS);
  });

  it('writes ReferencedFileID as a multi-valued CS, one value per path component', () => {
    const { roots } = readDicomdir(writeDicomdir(ONE_STUDY));
    const image = roots[0]!.children[0]!.children[0]!.children[0]!;
    const element = image.dataSet.elements.x00041500!;
    expect(element.vr).toBe('CS');
    expect(image.dataSet.string('x00041500')).toBe('DICOM\\S0000001\\I0000001');
    expect(element.length % 2).toBe(0);
  });

  it('chains several patients at the root, with the first and last root offsets', () => {
    const patient = (id: string) => ({ patientName: `P^${id}`, patientId: id, studies: [{ ...ONE_STUDY.patients[0]!.studies[0]!, series: [series(1, 1)] }] });
    const { dataSet, roots } = readDicomdir(writeDicomdir(content([patient('A'), patient('B'), patient('C')])));
    expect(roots.map((r) => r.dataSet.string('x00100020'))).toEqual(['A', 'B', 'C']);
    expect(dataSet.uint32('x00041200')).toBe(roots[0]!.offset);
    expect(dataSet.uint32('x00041202')).toBe(roots[2]!.offset);
  });

  it('counts offsets from the first byte of the file, to the item tag of the record', () => {
    const bytes = writeDicomdir(ONE_STUDY);
    const first = readDicomdir(bytes).dataSet.uint32('x00041200')!;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect([view.getUint16(first, true), view.getUint16(first + 2, true)]).toEqual([0xfffe, 0xe000]);
  });

  it('writes an empty directory for no patients', () => {
    const { dataSet, roots } = readDicomdir(writeDicomdir(content([])));
    expect(roots).toEqual([]);
    expect(dataSet.uint32('x00041200')).toBe(0);
  });

  it('refuses file IDs a DICOM medium cannot hold', () => {
    const withFileId = (fileId: string[]) => {
      const one = series(1, 1);
      return content([{ ...ONE_STUDY.patients[0]!, studies: [{ ...ONE_STUDY.patients[0]!.studies[0]!, series: [{ ...one, images: [{ ...one.images[0]!, fileId }] }] }] }]);
    };
    expect(() => writeDicomdir(withFileId(['DICOM', 's0000001', 'I0000001']))).toThrow(/file ID/);
    expect(() => writeDicomdir(withFileId(['DICOM', 'S00000001', 'I0000001']))).toThrow(/file ID/);
    expect(() => writeDicomdir(withFileId(['DICOM', 'IMG.DCM']))).toThrow(/file ID/);
    expect(() => writeDicomdir(withFileId(Array.from({ length: 9 }, () => 'D')))).toThrow(/file ID/);
    expect(() => writeDicomdir({ ...ONE_STUDY, fileSetId: 'cloud film' })).toThrow(/file set ID/);
  });
});
