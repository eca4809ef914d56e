// @vitest-environment node
import { createRequire } from 'node:module';
import jpeg from 'jpeg-js';
import type * as DicomParser from 'dicom-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { electImagesSchema, reportAiInfoSchema, studyImagesSchema } from '../../src/shared/api/studySchemas';
import type { AiFinding, StudyImages } from '../../src/shared/api/studySchemas';
import { DicomArchive } from '../../server/dicom/archive';
import { dicomCacheRoot } from '../../server/dicom/cache';
import { catalogue } from '../../server/dicom/catalogue';
import { centredGrid } from '../../server/dicom/phantomMath';
import { LUNG_NODULE, torsoSlice, TORSO_FOV_MM } from '../../server/dicom/phantomTorso';
import { SERIES_TEMPLATES } from '../../server/dicom/seriesTemplates';
import { demoArchiveStudies } from '../../server/dicom/studies';
import { PUBLIC_ORIGIN } from './helpers';
import { sharedSandbox } from './sharedSandbox';
import { signedForOwner } from './studyUrls';

const dicomParser = createRequire(import.meta.url)('dicom-parser') as typeof DicomParser;

const IMAGE_LIST = '/api/V1.0/Package/GetPatientStudyImageList';
const ELECT_IMAGES = '/api/V2.0/YJPIndex/ElectImages';
const AI_INFO = '/api/V2.0/YJPIndex/ReportAiInfo';
const LUNG_NODULE_ITEM = '肺结节AI分析';

const studies = demoArchiveStudies();
const sandbox = sharedSandbox();

beforeAll(async () => {
  await new DicomArchive({ cacheRoot: dicomCacheRoot({}), studies: { byUid: () => undefined, all: () => studies }, faults: false }).warmUp();
}, 300_000);

/** patient1's studies by date: the newest CT chest (lung nodule to be paid) and an older one whose analysis succeeded. */
const NEWEST_CT_CHEST = '2026-11-18';
const ANALYSED_CT_CHEST = '2026-02-09';

function studyUidOn(date: string): string {
  const study = studies.find((s) => s.studyDate === date);
  if (!study) throw new Error(`no demo study on ${date}`);
  return study.studyUId;
}

function studyIdOn(date: string): number {
  const row = sandbox.app().sandbox.db.prepare<[string], { id: number }>('SELECT id FROM studies WHERE study_uid = ?').get(studyUidOn(date));
  if (!row) throw new Error(`no study on ${date}`);
  return row.id;
}

/** A path on the sandbox from an absolute URL it handed out. */
function pathOf(url: string): string {
  const parsed = new URL(url, PUBLIC_ORIGIN);
  expect(parsed.origin).toBe(PUBLIC_ORIGIN);
  return parsed.pathname + parsed.search;
}

async function imageList(login: string, date: string): Promise<{ statusCode: number; result: StudyImages | null }> {
  return (await sandbox.as(login)).get(`${IMAGE_LIST}?studyUId=${studyUidOn(date)}&hospId=DEMO001`);
}

describe('GetPatientStudyImageList', () => {
  it("lists the study's series and instances in order, each series with a thumbnail that answers a JPEG", async () => {
    const answer = await imageList('patient1', NEWEST_CT_CHEST);
    expect(answer.statusCode).toBe(200);
    const images = studyImagesSchema.parse(answer.result);
    expect(images).toMatchObject({ studyUId: studyUidOn(NEWEST_CT_CHEST), patientName: '张伟', patientId: 'MZ0010023456', sex: 'M', studyDate: NEWEST_CT_CHEST });
    expect(images.series.map((s) => [s.seriesNumber, s.modality, s.description, s.instances.length])).toEqual([
      [1, 'CT', 'Chest Axial 1.0mm', 300],
      [2, 'CT', 'Lung 5.0mm', 60],
    ]);
    expect(images.series[0]!.instances.slice(0, 3).map((i) => i.instanceNumber)).toEqual([1, 2, 3]);
    for (const series of images.series) {
      const thumbnail = await sandbox.app().inject({ url: pathOf(series.thumbnailUrl!) });
      expect(thumbnail.headers['content-type']).toBe('image/jpeg');
      expect(jpeg.decode(thumbnail.rawPayload).width).toBe(128);
    }
  });

  it('gives a cine loop its frame count', async () => {
    const images = studyImagesSchema.parse((await imageList('patient1', '2026-09-15')).result);
    expect(images.series.map((s) => [s.modality, s.instances.map((i) => i.frames)])).toEqual([['US', [20]]]);
  });

  it("answers another patient's study, or another hospital's id, as missing", async () => {
    expect(await imageList('patient2', NEWEST_CT_CHEST)).toMatchObject({ statusCode: 404, result: null });
    const wrongHospital = await (await sandbox.as('patient1')).get(`${IMAGE_LIST}?studyUId=${studyUidOn(NEWEST_CT_CHEST)}&hospId=OTHER`);
    expect(wrongHospital).toMatchObject({ statusCode: 404, result: null });
    expect(await (await sandbox.as('patient1')).get(`${IMAGE_LIST}?hospId=DEMO001`)).toMatchObject({ statusCode: 400 });
  });
});

describe('ElectImages', () => {
  it('gives film sheets and key images whose URLs answer JPEGs of the size it says', async () => {
    const api = await sandbox.as('patient1');
    const answer = await api.get(`${ELECT_IMAGES}?CollectId=${studyIdOn(NEWEST_CT_CHEST)}`);
    const images = electImagesSchema.parse(answer.result);
    expect(images.films.length).toBeGreaterThanOrEqual(2);
    expect(images.hdImages.length).toBeGreaterThanOrEqual(3);
    expect(images.hdImages.length).toBeLessThanOrEqual(6);
    expect(images.films[0]!.width).toBe(1600);
    for (const picture of [images.films[0]!, images.hdImages[0]!]) {
      const response = await sandbox.app().inject({ url: pathOf(picture.url) });
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(jpeg.decode(response.rawPayload)).toMatchObject({ width: picture.width, height: picture.height });
    }
    const missing = `/sandbox/films/${studyUidOn(NEWEST_CT_CHEST)}/film-99.jpg`;
    expect((await sandbox.app().inject({ url: signedForOwner(sandbox.app(), missing, studyUidOn(NEWEST_CT_CHEST)) })).statusCode).toBe(404);
    expect(await (await sandbox.as('patient2')).get(`${ELECT_IMAGES}?CollectId=${studyIdOn(NEWEST_CT_CHEST)}`)).toMatchObject({ statusCode: 404 });
  });
});

describe('ReportAiInfo findings', () => {
  async function aiInfo(date: string) {
    return reportAiInfoSchema.parse((await (await sandbox.as('patient1')).get(`${AI_INFO}?CollectId=${studyIdOn(date)}`)).result);
  }

  function boxCentre(finding: AiFinding): { column: number; row: number } {
    return { column: Math.floor(finding.x + finding.width / 2), row: Math.floor(finding.y + finding.height / 2) };
  }

  it('has none until the lung-nodule analysis has succeeded', async () => {
    const info = await aiInfo(NEWEST_CT_CHEST);
    expect(info.orders.find((o) => o.item === LUNG_NODULE_ITEM)?.status).toBe(2);
    expect(info.findings).toEqual([]);
  });

  it('boxes the nodule on the slices that show it: solid tissue at the centre, aerated lung around', async () => {
    const info = await aiInfo(ANALYSED_CT_CHEST);
    const boxes = info.findings.filter((f) => f.shape === 'box');
    const marks = info.findings.filter((f) => f.shape === 'mark');
    expect(boxes.length).toBeGreaterThanOrEqual(1);
    expect(marks).toHaveLength(1);
    expect(info.findings.every((f) => f.label === '结节 4.2mm')).toBe(true);

    // The boxes name instances of the study's image list, and lie on the nodule in the phantom.
    const series = studyImagesSchema.parse((await imageList('patient1', ANALYSED_CT_CHEST)).result).series;
    const template = SERIES_TEMPLATES.chest3mmJpegLossless;
    const grid = centredGrid(256, TORSO_FOV_MM);
    for (const box of boxes) {
      const instance = series.find((s) => s.seriesUid === box.seriesUid)?.instances.find((i) => i.sopUid === box.sopUid);
      expect(instance).toBeDefined();
      const hu = torsoSlice(grid, template.axial!.z(instance!.instanceNumber - 1));
      const { column, row } = boxCentre(box);
      expect(hu[row * 256 + column]).toBeGreaterThan(-300);
      const lung = [hu[(row - 8) * 256 + column]!, hu[(row + 8) * 256 + column]!, hu[row * 256 + column - 8]!, hu[row * 256 + column + 8]!];
      expect(Math.max(...lung)).toBeLessThan(-700);
    }
  });

  it('once the newest analysis succeeds, its box lies on the nodule in the file the WADO service gives', async () => {
    const app = sandbox.app();
    // The sandbox's AI analysis finishing (this test changes the shared data).
    app.sandbox.db.prepare('UPDATE ai_orders SET status = 3 WHERE study_id = ? AND item = ?').run(studyIdOn(NEWEST_CT_CHEST), LUNG_NODULE_ITEM);
    const info = await aiInfo(NEWEST_CT_CHEST);
    const mark = info.findings.find((f) => f.shape === 'mark')!;
    const axial = catalogue(studies.find((s) => s.studyDate === NEWEST_CT_CHEST)!, { faults: false })[0]!;
    expect(mark.seriesUid).toBe(axial.seriesUid);
    // The 1 mm series cuts the nodule five times, the 5 mm series once.
    expect(info.findings.filter((f) => f.shape === 'box')).toHaveLength(6);

    const query = new URLSearchParams({ requestType: 'WADO', studyUID: studyUidOn(NEWEST_CT_CHEST), seriesUID: mark.seriesUid, objectUID: mark.sopUid, contentType: 'application/dicom' });
    const file = (await app.inject({ url: signedForOwner(app, `/sandbox/wado?${query}`, studyUidOn(NEWEST_CT_CHEST)) })).rawPayload;
    const dataSet = dicomParser.parseDicom(file);
    expect(dataSet.floatString('x00201041')).toBe(LUNG_NODULE.z);
    const pixels = dataSet.elements.x7fe00010!;
    const stored = new Int16Array(file.buffer.slice(file.byteOffset + pixels.dataOffset, file.byteOffset + pixels.dataOffset + pixels.length));
    const intercept = dataSet.floatString('x00281052')!;
    const huAt = (column: number, row: number) => stored[row * 256 + column]! + intercept;
    const column = Math.floor(mark.x);
    const row = Math.floor(mark.y);
    expect(huAt(column, row)).toBeGreaterThan(-300);
    expect(Math.max(huAt(column - 8, row), huAt(column + 8, row), huAt(column, row - 8), huAt(column, row + 8))).toBeLessThan(-700);
  });
});
