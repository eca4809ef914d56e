import type { ArchiveStudy } from '../dicom/studies';
import type { PackageChoice } from './build';

/** The sentence the app shows next to the desensitize switch; the package says the same. */
export const DESENSITIZE_NOTE_ZH = '脱敏会去除姓名、ID、出生日期、医院和检查号；影像本身不变。';
export const DESENSITIZE_NOTE_EN = 'Desensitizing removes the name, ID, birth date, hospital and accession number; the images stay unchanged.';

/** README.txt of a package, Chinese then English: what is inside and how to open it. CRLF, so Notepad shows the lines. */
export function readmeText(study: ArchiveStudy, choice: PackageChoice): string {
  const dicom = choice.format === 'dicom';
  const hospital = choice.desensitize ? [] : [`医院 / Hospital: ${study.institutionName}`];
  const lines = [
    '云胶片 影像下载包 / Cloud Film image package',
    '',
    `检查 / Study: ${study.studyDescription} (${study.modality}, ${study.studyDate})`,
    ...hospital,
    `格式 / Format: ${dicom ? 'DICOM（含 DICOMDIR）/ DICOM with DICOMDIR' : 'JPEG'}`,
    `脱敏 / Desensitized: ${choice.desensitize ? '是 / yes' : '否 / no'}`,
    '',
    '【中文】',
    ...(dicom
      ? [
          '本压缩包含该检查的原始 DICOM 影像：根目录的 DICOMDIR 是影像目录，DICOM 文件夹内是影像文件。',
          '打开方法：先完整解压，再用 DICOM 阅片软件（如 RadiAnt、MicroDicom、Weasis、Horos/OsiriX）打开解压后的 DICOMDIR 文件或整个文件夹。',
          '请勿修改或重命名 DICOM 文件夹中的文件，否则 DICOMDIR 将无法找到它们。',
        ]
      : [
          '本压缩包含该检查每幅影像的 JPEG 图片，按序列分文件夹存放（文件夹名为“序列号-序列描述”，文件名为图像号）。',
          '打开方法：解压后用任意看图软件打开。JPEG 为显示用图片，不含原始数据，不能替代 DICOM 用于诊断。',
        ]),
    ...(choice.desensitize ? [DESENSITIZE_NOTE_ZH] : []),
    '',
    '[English]',
    ...(dicom
      ? [
          'This archive holds the original DICOM images of the study: DICOMDIR at the root is the index, the DICOM folder holds the image files.',
          'To open: extract the whole archive, then open the extracted DICOMDIR (or the folder) in a DICOM viewer such as RadiAnt, MicroDicom, Weasis or Horos/OsiriX.',
          'Do not rename or change the files in the DICOM folder, or DICOMDIR will not find them.',
        ]
      : [
          'This archive holds a JPEG picture of every image of the study, one folder per series ("series number-series description"), named by image number.',
          'To open: extract it and use any image viewer. The JPEGs are for viewing; they are not the original data and do not replace DICOM for diagnosis.',
        ]),
    ...(choice.desensitize ? [DESENSITIZE_NOTE_EN] : []),
    '',
  ];
  return lines.join('\r\n');
}
