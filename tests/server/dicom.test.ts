// @vitest-environment node
import { createRequire } from 'node:module';
import type * as DicomParser from 'dicom-parser';
import { describe, expect, it } from 'vitest';
import { catalogue, FAULT_STUDY, seriesThumbnails, templateNamesOf, templatesOf } from '../../server/dicom/catalogue';
import { compose, locatePatches, placeholderTags, plainForm, withTransferSyntax } from '../../server/dicom/compose';
import type { StudyField } from '../../server/dicom/compose';
import { lungNoduleFindings } from '../../server/dicom/findings';
import { headSlice, HEAD_FOV_MM } from '../../server/dicom/phantomHead';
import { centredGrid, pixelAt } from '../../server/dicom/phantomMath';
import { radiograph } from '../../server/dicom/phantomRadiograph';
import { LUNG_NODULE, torsoSlice, TORSO_FOV_MM } from '../../server/dicom/phantomTorso';
import { fitSize } from '../../server/dicom/render';
import { SERIES_TEMPLATES } from '../../server/dicom/seriesTemplates';
import { demoArchiveStudies } from '../../server/dicom/studies';
import { TRANSFER_SYNTAX_UID, writeDicom } from '../../server/dicom/write/index';
import type { SyntaxName } from '../../server/dicom/write/index';

const dicomParser = createRequire(import.meta.url)('dicom-parser') as typeof DicomParser;
const studies = demoArchiveStudies();
const UID = /^[1-9][0-9]*(\.(0|[1-9][0-9]*))*$/;

function study(date: string) {
  const found = studies.find((s) => s.studyDate === date);
  if (!found) throw new Error(`no demo study on ${date}`);
  return found;
}

describe('the catalogue', () => {
  it('uses every transfer syntax across the demo studies', () => {
    const syntaxes = new Set(templatesOf(studies).map((t) => t.syntax));
    expect([...syntaxes].sort()).toEqual(Object.keys(TRANSFER_SYNTAX_UID).sort());
  });

  it("gives patient1's newest chest CT a 300-slice axial series and a 60-slice JPEG-LS lung series", () => {
    const series = catalogue(study('2026-11-18'), { faults: false });
    expect(series.map((s) => [s.seriesNumber, s.template.syntax, s.instances.length])).toEqual([
      [1, 'explicitLittle', 300],
      [2, 'jpegLs', 60],
    ]);
  });

  it('gives stable, valid, distinct UIDs of at most 64 characters', () => {
    const first = catalogue(study('2026-11-18'), { faults: false });
    const again = catalogue({ ...study('2026-11-18') }, { faults: false });
    expect(again.map((s) => s.instances.map((i) => i.sopUid))).toEqual(first.map((s) => s.instances.map((i) => i.sopUid)));
    const uids = studies.flatMap((s) => catalogue(s, { faults: true }).flatMap((series) => [series.seriesUid, ...series.instances.map((i) => i.sopUid)]));
    expect(new Set(uids).size).toBe(uids.length);
    for (const uid of uids) {
      expect(uid.length).toBeLessThanOrEqual(64);
      expect(uid).toMatch(UID);
    }
  });

  it('lists the fault instances only with faults on, and only in the fault study', () => {
    const faultStudy = studies.find((s) => s.studyDate === FAULT_STUDY.date)!;
    expect(catalogue(faultStudy, { faults: false })[0]!.instances).toHaveLength(1);
    expect(catalogue(faultStudy, { faults: true })[0]!.instances.map((i) => i.fault)).toEqual([undefined, 'truncated', 'unsupportedSyntax']);
    const others = studies.filter((s) => s !== faultStudy).flatMap((s) => catalogue(s, { faults: true }).flatMap((series) => series.instances));
    expect(others.some((i) => i.fault)).toBe(false);
  });

  it('gives a study it did not seed its modality default, and a thumbnail of each series', () => {
    const other = { studyUId: '1.2.3.4', studyDescription: '胸部CT增强', modality: 'CT', studyDate: '2026-01-01' };
    expect(templateNamesOf(other)).toEqual(['chest3mmJpegLossless']);
    const [thumbnail] = seriesThumbnails(other, 'http://archive.example/wado');
    const url = new URL(thumbnail!.thumbnailUrl!);
    expect(url.origin + url.pathname).toBe('http://archive.example/wado');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ requestType: 'WADO', studyUID: '1.2.3.4', contentType: 'image/jpeg', columns: '128' });
    expect(url.searchParams.get('objectUID')).toBe(catalogue(other, { faults: false })[0]!.instances[49]!.sopUid);
  });
});

describe('the phantoms', () => {
  const grid = centredGrid(256, TORSO_FOV_MM);

  it('put a solid nodule in aerated right upper lobe, in the same place every time', () => {
    const slice = torsoSlice(grid, LUNG_NODULE.z);
    const { column, row } = pixelAt(grid, LUNG_NODULE.x, LUNG_NODULE.y);
    expect(column).toBeLessThan(128); // the patient's right is the image's left
    expect(slice[row * 256 + column]).toBeGreaterThan(-100);
    expect(slice[row * 256 + column - 10]).toBeLessThan(-700);
    expect(torsoSlice(grid, LUNG_NODULE.z)).toEqual(slice);
    // Three slices away the nodule is gone.
    expect(torsoSlice(grid, LUNG_NODULE.z - 3)[row * 256 + column]).toBeLessThan(-700);
  });

  it('show air, soft tissue and bone where a chest CT has them', () => {
    const slice = torsoSlice(grid, -130);
    const at = (x: number, y: number) => slice[pixelAt(grid, x, y).row * 256 + pixelAt(grid, x, y).column]!;
    expect(at(0, -150)).toBeLessThan(-950); // air in front of the chest
    expect(at(18, -20)).toBeGreaterThan(20); // heart
    expect(at(18, -20)).toBeLessThan(70);
    expect(at(0, 74)).toBeGreaterThan(150); // vertebral body
  });

  it('give an MR head bright CSF in the ventricles and darker white matter beside them (T2)', () => {
    const mr = headSlice(centredGrid(256, HEAD_FOV_MM), 22, 't2');
    const head = centredGrid(256, HEAD_FOV_MM);
    const at = (x: number, y: number) => mr[pixelAt(head, x, y).row * 256 + pixelAt(head, x, y).column]!;
    expect(at(10, -2)).toBeGreaterThan(2500);
    expect(at(30, -2)).toBeLessThan(1500);
  });

  it('make the chest radiograph MONOCHROME1: the spine whiter (lower) than the lungs', () => {
    const image = radiograph('chestPa');
    const row = 600; // about 170 mm below the top: mid-chest
    const spine = image[row * 1024 + 512]!;
    const lung = image[row * 1024 + 512 - 200]!;
    expect(spine).toBeLessThan(lung - 800);
  });
});

describe('composing a study file from a template', () => {
  const fields = Object.keys(placeholderTags()) as StudyField[];

  async function template(syntax: SyntaxName): Promise<Uint8Array> {
    const file = await writeDicom({
      pixels: { rows: 2, columns: 2, bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 0, samplesPerPixel: 1, photometric: 'MONOCHROME2', frames: [Uint16Array.of(1, 2, 3, 4)] },
      syntax,
      tags: { SpecificCharacterSet: 'ISO_IR 192', ...placeholderTags(), Modality: 'OT' },
    });
    return plainForm(file, TRANSFER_SYNTAX_UID[syntax]);
  }

  it.each(['explicitBig', 'implicitLittle', 'deflated'] as const)('writes the values over the placeholders (%s)', async (syntax) => {
    const plain = await template(syntax);
    const patches = locatePatches(plain, [...fields, 'MediaStorageSOPInstanceUID']);
    const file = compose(plain, patches, { StudyInstanceUID: '1.2.3', SOPInstanceUID: '1.2.3.4', MediaStorageSOPInstanceUID: '1.2.3.4', PatientName: '李娜', PatientID: 'ABC', SeriesNumber: '2' }, TRANSFER_SYNTAX_UID[syntax]);
    const dataSet = dicomParser.parseDicom(Buffer.from(file));
    expect(dataSet.string('x0020000d')).toBe('1.2.3');
    expect(dataSet.string('x00080018')).toBe('1.2.3.4');
    expect(dataSet.string('x00020003')).toBe('1.2.3.4');
    expect(dataSet.string('x00100020')).toBe('ABC');
    expect(dataSet.intString('x00200011')).toBe(2);
    const name = dataSet.elements.x00100010!;
    expect(new TextDecoder().decode(dataSet.byteArray.subarray(name.dataOffset, name.dataOffset + name.length)).trim()).toBe('李娜');
    expect(dataSet.uint16('x00280010')).toBe(2);
  });

  it('cuts a value too long for its field at a character boundary', async () => {
    const plain = await template('explicitLittle');
    const file = compose(plain, locatePatches(plain, fields), { AccessionNumber: '一二三四五六七八' }, TRANSFER_SYNTAX_UID.explicitLittle);
    const element = dicomParser.parseDicom(Buffer.from(file)).elements.x00080050!;
    const value = new TextDecoder('utf-8', { fatal: true }).decode(file.subarray(element.dataOffset, element.dataOffset + element.length));
    expect(value.trim()).toBe('一二三四五');
  });

  it('can name another transfer syntax, the data set untouched', async () => {
    const plain = await template('explicitLittle');
    const renamed = withTransferSyntax(plain, '1.2.840.10008.1.2.4.100');
    const dataSet = dicomParser.parseDicom(Buffer.from(renamed), { untilTag: 'x00080060' });
    expect(dataSet.string('x00020010')).toBe('1.2.840.10008.1.2.4.100');
    expect(Buffer.from(renamed.subarray(renamed.length - 8)).equals(Buffer.from(plain.subarray(plain.length - 8)))).toBe(true);
  });
});

describe('the lung-nodule findings', () => {
  it('box the nodule on every chest slice that cuts it, and mark it once', () => {
    const findings = lungNoduleFindings(study('2026-11-18'));
    const grid = SERIES_TEMPLATES.chestAxial1mm.axial!.grid;
    const { column, row } = pixelAt(grid, LUNG_NODULE.x, LUNG_NODULE.y);
    expect(findings.filter((f) => f.shape === 'mark')).toEqual([expect.objectContaining({ x: column + 0.5, y: row + 0.5 })]);
    for (const box of findings.filter((f) => f.shape === 'box')) {
      expect(box.x).toBeLessThan(column);
      expect(box.x + box.width).toBeGreaterThan(column + 1);
      expect(box.y).toBeLessThan(row);
      expect(box.y + box.height).toBeGreaterThan(row + 1);
    }
  });
});

describe('fitting a JPEG into rows and columns', () => {
  it('keeps the aspect ratio within both limits', () => {
    expect(fitSize(240, 320, undefined, 128)).toEqual({ rows: 96, columns: 128 });
    expect(fitSize(240, 320, 60, 128)).toEqual({ rows: 60, columns: 80 });
    expect(fitSize(256, 256)).toEqual({ rows: 256, columns: 256 });
    expect(fitSize(256, 256, 512)).toEqual({ rows: 512, columns: 512 });
  });
});
