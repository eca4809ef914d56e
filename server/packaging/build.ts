import type { DicomArchive, Located } from '../dicom/archive';
import { studyValues } from '../dicom/archive';
import type { ArchiveStudy } from '../dicom/studies';
import { uidFor } from '../dicom/uids';
import type { PackageFormat } from '../../src/shared/api/downloadSchemas';
import { assertNoneOf, deidentified, desensitizeDicom } from './desensitize';
import type { Deidentified } from './desensitize';
import { writeDicomdir } from './dicomdir';
import type { DicomdirImage, DicomdirSeries } from './dicomdir';
import { fileMeta } from './part10';
import { readmeText } from './readme';
import { ZipFileWriter } from './zipFile';

/**
 * Building a package's ZIP. DICOM: `DICOMDIR` at the root, the files under `DICOM/S0000001/I0000001`
 * (series, then image, numbered from 1: ISO 9660 names, as PS3.12 media use), `README.txt`.
 * JPEG: `JPEG/<series number>-<series description>/<instance number>.jpg` (a multi-frame colour
 * instance, the ultrasound cine, gives `<instance number>-<frame>.jpg` per frame), `README.txt`.
 */

export interface PackageChoice {
  format: PackageFormat;
  desensitize: boolean;
}

export interface BuildOptions extends PackageChoice {
  archive: DicomArchive;
  /** The study's objects (DicomArchive.objectsOf). */
  objects: readonly Located[];
  /** The patient's pseudonym (desensitize.ts pseudonymizer). */
  pseudonym: (patientKey: string) => string;
  /** Called after each file with how many of how many are in; throws to stop (the job was abandoned). */
  step: (done: number, total: number) => Promise<void>;
}

/** The package's file name as the patient sees it, and an ASCII one for old clients. */
export function packageFileName(study: { studyDate: string; modality: string; studyDescription: string }, choice: PackageChoice): { name: string; ascii: string } {
  const kind = choice.format === 'dicom' ? 'DICOM' : 'JPEG';
  const safe = (text: string) => text.replace(/[\\/:*?"<>|\s]+/g, '_');
  const name = `${safe(study.studyDate)}_${safe(study.modality)}_${safe(study.studyDescription)}_${kind}${choice.desensitize ? '_脱敏' : ''}.zip`;
  const ascii = `cloudfilm_${study.studyDate}_${study.modality}_${kind}${choice.desensitize ? '_anonymized' : ''}.zip`.replace(/[^A-Za-z0-9._-]/g, '_');
  return { name, ascii };
}

function dicomDate(date: string): string {
  return date.replaceAll('-', '');
}

/** What must not be left in a desensitized file. */
function identifyingValues(study: ArchiveStudy): string[] {
  return [study.patientName, study.patientId, dicomDate(study.patientBirthDate), study.accessionNumber, study.institutionName];
}

function pad(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(7, '0')}`;
}

/** A series description as a folder name: ASCII letters, digits, dot, dash and underscore. */
function asciiName(text: string): string {
  return text.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^[_.]+|_+$/g, '') || 'SERIES';
}

async function addDicom(zip: ZipFileWriter, options: BuildOptions, study: ArchiveStudy): Promise<void> {
  const { archive, objects } = options;
  const hidden: Deidentified | undefined = options.desensitize
    ? deidentified(options.pseudonym(`${study.institutionName}/${study.patientId}`), study.studyUId)
    : undefined;
  const series = new Map<string, DicomdirSeries & { images: DicomdirImage[]; folder: string }>();
  for (const [i, located] of objects.entries()) {
    let file = await archive.dicom(located);
    if (hidden) {
      file = desensitizeDicom(file, hidden);
      assertNoneOf(file, identifyingValues(study));
    }
    const meta = fileMeta(file);
    let entry = series.get(located.series.seriesUid);
    if (!entry) {
      entry = {
        folder: pad('S', series.size + 1),
        modality: located.series.template.modality,
        seriesInstanceUid: located.series.seriesUid,
        seriesNumber: located.series.seriesNumber,
        seriesDescription: located.series.template.description,
        images: [],
      };
      series.set(located.series.seriesUid, entry);
    }
    const fileId = ['DICOM', entry.folder, pad('I', entry.images.length + 1)];
    await zip.add(fileId.join('/'), file, { compress: true });
    entry.images.push({
      fileId,
      sopClassUid: meta.sopClassUid,
      sopInstanceUid: meta.sopInstanceUid,
      transferSyntaxUid: meta.transferSyntaxUid,
      instanceNumber: located.instance.instanceNumber,
    });
    await options.step(i + 1, objects.length);
  }
  const first = objects[0] as Located;
  const values = studyValues(study, first.series, first.instance);
  const dicomdir = writeDicomdir({
    fileSetId: 'CLOUDFILM',
    sopInstanceUid: uidFor(`${study.studyUId}/dicomdir/${hidden ? hidden.patientId : 'identified'}`),
    patients: [
      {
        patientName: hidden?.patientName ?? study.patientName,
        patientId: hidden?.patientId ?? study.patientId,
        studies: [
          {
            studyInstanceUid: study.studyUId,
            studyDate: values.StudyDate,
            studyTime: values.StudyTime,
            studyDescription: study.studyDescription,
            studyId: hidden?.studyId ?? values.StudyID,
            accessionNumber: hidden ? '' : study.accessionNumber,
            series: [...series.values()].map(({ folder: _folder, ...rest }) => rest),
          },
        ],
      },
    ],
  });
  await zip.add('DICOMDIR', dicomdir, { compress: true });
}

async function addJpegs(zip: ZipFileWriter, options: BuildOptions): Promise<void> {
  const { archive, objects } = options;
  const pictures: { located: Located; frame: number; name: string }[] = [];
  for (const located of objects) {
    const { manifest } = await archive.files(located.series);
    const folder = `JPEG/${located.series.seriesNumber}-${asciiName(located.series.template.description)}`;
    const number = String(located.instance.instanceNumber).padStart(4, '0');
    // Colour previews are kept per frame; grey ones per preview window, so a grey image gives its first frame.
    const frames = manifest.channels === 3 ? located.instance.frames : 1;
    for (let frame = 1; frame <= frames; frame++) {
      pictures.push({ located, frame, name: frames > 1 ? `${folder}/${number}-${String(frame).padStart(3, '0')}.jpg` : `${folder}/${number}.jpg` });
    }
  }
  for (const [i, picture] of pictures.entries()) {
    const jpeg = await archive.jpeg(picture.located, { frame: picture.frame });
    if (jpeg) await zip.add(picture.name, jpeg, { compress: false });
    await options.step(i + 1, pictures.length);
  }
}

/** Writes the package to `path`; answers its size in bytes. On any failure the partial file is the caller's to remove. */
export async function buildPackage(path: string, options: BuildOptions): Promise<number> {
  const first = options.objects[0];
  if (!first) throw new Error('the study has no images');
  const study = first.study;
  const zip = await ZipFileWriter.create(path);
  try {
    await zip.add('README.txt', new TextEncoder().encode(readmeText(study, options)), { compress: true });
    if (options.format === 'dicom') await addDicom(zip, options, study);
    else await addJpegs(zip, options);
    return await zip.finish();
  } catch (error) {
    await zip.abort();
    throw error;
  }
}
