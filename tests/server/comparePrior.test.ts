// @vitest-environment node
/**
 * The prior study beside this one (issue 27 §3): `V1.0/Compare/prior` answers the same patient's
 * most recent earlier study of the same modality and body part, for a signed-in patient reading
 * their own study or one in their films; a pass never learns that another study exists.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { collectedStudyRepository } from '../../server/repositories/collectedStudies';
import { demoStudyRecords } from '../../server/seed';
import { comparePriorSchema } from '../../machines/compare/compare.types';
import { studyImagesSchema } from '../../src/shared/api/studySchemas';
import { PUBLIC_ORIGIN, TEST_MODE } from './helpers';
import { sharedSandbox } from './sharedSandbox';
import { signedInHeaders } from './signIn';

const sandbox = sharedSandbox(TEST_MODE);
const PRIOR = '/api/V1.0/Compare/prior';
const NOT_FOUND = { statusCode: 404, message: '影像不存在', result: null };

/** The seed inserts the demo studies in this order, so a study's id is its place here, from 1. */
const RECORDS = demoStudyRecords().map((record, index) => ({ ...record, id: index + 1 }));
function studyOf(loginName: string, date: string) {
  const study = RECORDS.find((record) => record.patient.loginName === loginName && record.study.date === date);
  if (!study) throw new Error(`no study of ${loginName} on ${date}`);
  return study;
}
/** patient1's three chest CTs, newest first. */
const CHEST_CTS = ['2026-11-18', '2026-02-09', '2025-03-19'].map((date) => studyOf('patient1', date));

async function ask(study: { studyUid: string }, headers: Record<string, string>) {
  const response = await sandbox.app().inject({ url: `${PRIOR}?studyUId=${study.studyUid}`, headers });
  return response.json();
}
const priorOf = async (study: { studyUid: string }, headers: Record<string, string>) => comparePriorSchema.parse((await ask(study, headers)).result).prior;

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

describe('Compare/prior for the patient\'s own study', () => {
  it('answers the most recent earlier chest CT, with what the viewer opens it by and its film detail id', async () => {
    const own = await signedInHeaders(sandbox.app(), 'patient1');
    const [newest, middle, oldest] = CHEST_CTS;
    expect(await priorOf(newest!, own)).toEqual({
      collectFilmId: String(middle!.id),
      studyUId: middle!.studyUid,
      hospId: expect.any(String),
      wadoUrl: expect.stringContaining(PUBLIC_ORIGIN),
      studyDate: '2026-02-09',
      studyDescription: expect.any(String),
      modality: 'CT',
      bodyPart: expect.any(String),
    });
    expect(comparePriorSchema.parse((await ask(newest!, own)).result).currentFilmId).toBe(String(newest!.id));
    expect((await priorOf(middle!, own))?.studyUId).toBe(oldest!.studyUid);
    expect(await priorOf(oldest!, own)).toBeNull();
  });

  it('skips studies of another modality or body part (the DR chest between the CTs)', async () => {
    const own = await signedInHeaders(sandbox.app(), 'patient1');
    const drChest = studyOf('patient1', '2026-10-27');
    expect((await priorOf(drChest, own))?.studyDate).toBe('2025-09-17');
    expect((await priorOf(studyOf('patient1', '2026-06-20'), own))?.studyDate).toBe('2024-05-06');
  });

  it('gives each slice of the image list its position, so the two studies scroll in step', async () => {
    const own = await signedInHeaders(sandbox.app(), 'patient1');
    const list = await sandbox.app().inject({ url: `/api/V1.0/Package/GetPatientStudyImageList?studyUId=${CHEST_CTS[0]!.studyUid}`, headers: own });
    const images = studyImagesSchema.parse(list.json().result);
    const positions = images.series[0]!.instances.map((instance) => instance.position);
    expect(positions.every((position) => typeof position === 'number')).toBe(true);
    // Slices go down, one step apart.
    expect(positions[0]!).toBeGreaterThan(positions[1]!);
  });
});

describe('Compare/prior tells nothing it should not', () => {
  it('another patient asking of patient1\'s study is not found, as one that does not exist', async () => {
    expect(await ask(CHEST_CTS[0]!, await signedInHeaders(sandbox.app(), 'patient2'))).toEqual(NOT_FOUND);
  });

  it('a study read through a share\'s pass answers null: the pass does not learn an earlier study exists', async () => {
    const { passes } = sandbox.app().sandbox;
    const newest = CHEST_CTS[0]!;
    const patientId = sandbox.app().sandbox.studies.findById(newest.id)!.patientId;
    const { token } = passes.issue({ scope: 'experience', patientId, studyIds: [newest.id], ttlSeconds: 3600 });
    // A visitor with the pass alone is refused outright: the call needs a signed-in patient.
    const visitor = await sandbox.app().inject({ url: `${PRIOR}?studyUId=${newest.studyUid}`, headers: { 'x-study-pass': token } });
    expect(visitor.statusCode).toBe(401);
    // Another patient signed in and holding the pass reads the study through it, and is told of no prior.
    const other = await signedInHeaders(sandbox.app(), 'patient2');
    expect(await ask(newest, { ...other, 'x-study-pass': token })).toMatchObject({ statusCode: 200, result: { prior: null } });
  });

  it('a study in another patient\'s films: the prior only when that patient collected it too', async () => {
    const [newest, middle] = CHEST_CTS;
    const headers = await signedInHeaders(sandbox.app(), 'patient3');
    const patient3 = sandbox.app().sandbox.db.prepare<[string], { id: number }>('SELECT id FROM patients WHERE login_name = ?').get('patient3')!.id;
    const films = collectedStudyRepository(sandbox.app().sandbox.db);
    films.addAll(patient3, [newest!.id], new Date());
    expect(await priorOf(newest!, headers)).toBeNull();
    films.addAll(patient3, [middle!.id], new Date());
    expect((await priorOf(newest!, headers))?.studyUId).toBe(middle!.studyUid);
  });
});
