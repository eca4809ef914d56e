// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DicomArchive } from '../../server/dicom/archive';
import { dicomCacheRoot } from '../../server/dicom/cache';
import { catalogue } from '../../server/dicom/catalogue';
import { demoArchiveStudies, type ArchiveStudy } from '../../server/dicom/studies';
import { DICOMWEB_ROOT_PATH } from '../../server/sandboxUrls';
import { decodeFrame } from '../../src/features/viewer/dicom/decodeFrame';
import { frameAsPart10, type DicomJson } from '../../src/features/viewer/dicom/dicomJson';
import { mediaTypeParameters, parseMultipart } from '../../src/features/viewer/dicom/multipart';
import { sharedSandbox } from './sharedSandbox';
import { signedForOwner } from './studyUrls';

const studies = demoArchiveStudies();
const sandbox = sharedSandbox();

beforeAll(async () => {
  await new DicomArchive({ cacheRoot: dicomCacheRoot({}), studies: { byUid: () => undefined, all: () => studies }, faults: false }).warmUp();
}, 300_000);
afterAll(() => undefined);

/** The first demo series in this syntax, with its study and the instance to ask for. */
function seriesIn(syntax: string, multiFrame = false) {
  for (const study of studies) {
    for (const series of catalogue(study, { faults: false })) {
      const instance = series.instances.find((i) => (multiFrame ? i.frames > 1 : true));
      if (series.template.syntax === syntax && instance) return { study, series, instance };
    }
  }
  throw new Error(`no demo series in ${syntax}`);
}

type Found = ReturnType<typeof seriesIn>;
const instancePath = ({ study, series, instance }: Found) => `studies/${study.studyUId}/series/${series.seriesUid}/instances/${instance.sopUid}`;

/** A resource under the root, asked with the root signed for the study's owner (a `signed` archive). */
function get(study: ArchiveStudy, path: string, accept?: string, root = signedForOwner(sandbox.app(), DICOMWEB_ROOT_PATH, study.studyUId)) {
  const query = root.slice(root.indexOf('?'));
  return sandbox.app().inject({ url: `${DICOMWEB_ROOT_PATH}/${path}${query}`, headers: accept ? { accept } : {} });
}

const parts = (response: { rawPayload: Buffer; headers: Record<string, unknown> }) => parseMultipart(new Uint8Array(response.rawPayload), String(response.headers['content-type']));
const buffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
/** The WADO-URI file of the same instance, as the reference. */
async function wadoUriFile({ study, series, instance }: Found): Promise<ArrayBuffer> {
  const query = new URLSearchParams({ requestType: 'WADO', studyUID: study.studyUId, seriesUID: series.seriesUid, objectUID: instance.sopUid, contentType: 'application/dicom' });
  const response = await sandbox.app().inject({ url: signedForOwner(sandbox.app(), `/sandbox/wado?${query}`, study.studyUId) });
  return buffer(new Uint8Array(response.rawPayload));
}

describe('WADO-RS at /sandbox/dicom-web', () => {
  it('answers an instance as multipart/related application/dicom in its stored syntax, and 406 for a syntax it would have to transcode', async () => {
    const found = seriesIn('jpegLossless');
    const response = await get(found.study, instancePath(found), 'multipart/related; type="application/dicom"; transfer-syntax=*');
    expect(response.statusCode).toBe(200);
    expect(mediaTypeParameters(String(response.headers['content-type']))).toMatchObject({ type: 'multipart/related', parameters: { type: 'application/dicom' } });
    const [part] = parts(response);
    expect(part!.headers['content-type']).toBe('application/dicom; transfer-syntax=1.2.840.10008.1.2.4.70');
    expect(Buffer.from(part!.body).equals(Buffer.from(await wadoUriFile(found)))).toBe(true);
    const explicit = await get(found.study, instancePath(found), 'multipart/related; type="application/dicom"; transfer-syntax=1.2.840.10008.1.2.1');
    expect(explicit.statusCode).toBe(406);
    expect((await get(found.study, instancePath(found), 'multipart/related; type="application/dicom"')).statusCode).toBe(406);
    expect((await get(found.study, instancePath(found), 'image/png')).statusCode).toBe(406);
  });

  it.each([
    ['a compressed cine (JPEG baseline), frame by frame', 'jpegBaseline', true],
    ['native explicit little endian', 'explicitLittle', false],
    ['native big endian, sent as little endian', 'explicitBig', false],
    ['native implicit little endian', 'implicitLittle', false],
  ])('gives the frames and metadata of %s that decode as the whole file does', async (_name, syntax, multiFrame) => {
    const found = seriesIn(syntax, multiFrame);
    const metadata = await get(found.study, `${instancePath(found)}/metadata`, 'application/dicom+json');
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toMatch(/^application\/dicom\+json/);
    const [json] = metadata.json<DicomJson[]>();
    expect(json!['7FE00010']).toBeUndefined();
    expect(json!['0020000D']).toEqual({ vr: 'UI', Value: [found.study.studyUId] });
    const whole = await wadoUriFile(found);
    const frame = found.instance.frames;
    const response = await get(found.study, `${instancePath(found)}/frames/${frame}`, 'multipart/related; type="application/octet-stream"; transfer-syntax=*');
    expect(response.statusCode).toBe(200);
    const [part] = parts(response);
    const sent = mediaTypeParameters(part!.headers['content-type']!).parameters['transfer-syntax']!;
    expect(sent === '1.2.840.10008.1.2.1' || syntax === 'jpegBaseline').toBe(true);
    const alone = await decodeFrame(frameAsPart10(json!, part!.body, sent, frame - 1), 0);
    const reference = await decodeFrame(whole, frame - 1);
    expect(alone.frame).toEqual(reference.frame);
    expect(alone.info.windows).toEqual(reference.info.windows);
  });

  it('gives several frames in one answer, explicit little endian when asked for native pixels, and 404 beyond the last', async () => {
    const found = seriesIn('explicitLittle');
    const both = await get(found.study, `${instancePath(found)}/frames/1,1`, 'multipart/related; type="application/octet-stream"; transfer-syntax=1.2.840.10008.1.2.1');
    expect(parts(both)).toHaveLength(2);
    expect((await get(found.study, `${instancePath(found)}/frames/2`)).statusCode).toBe(404);
    const cine = seriesIn('jpegBaseline', true);
    expect((await get(cine.study, `${instancePath(cine)}/frames/1`, 'multipart/related; type="application/octet-stream"; transfer-syntax=1.2.840.10008.1.2.1')).statusCode).toBe(406);
  });

  it('asks the study credential as /sandbox/wado does: none is 401, a root signed for another study 403, an unknown instance 404', async () => {
    const found = seriesIn('explicitLittle');
    const other = studies.find((s) => s.studyUId !== found.study.studyUId)!;
    expect((await sandbox.app().inject({ url: `${DICOMWEB_ROOT_PATH}/${instancePath(found)}` })).statusCode).toBe(401);
    const foreign = signedForOwner(sandbox.app(), DICOMWEB_ROOT_PATH, other.studyUId);
    expect((await get(found.study, instancePath(found), undefined, foreign)).statusCode).toBe(403);
    expect((await get(found.study, `studies/${found.study.studyUId}/series/${found.series.seriesUid}/instances/1.2.3`)).statusCode).toBe(404);
  });
});

describe('which studies the image list sends to the DICOMweb service', () => {
  const IMAGE_LIST = '/api/V1.0/Package/GetPatientStudyImageList';
  const signedSandbox = sharedSandbox({ CF_SANDBOX_DICOMWEB_SIGNED: '1' });
  /** The owner's login of a study (the demo patients sign in with their login name). */
  const ownerOf = (app: ReturnType<typeof sandbox.app>, studyUid: string) =>
    app.sandbox.db.prepare<[string], { login: string }>('SELECT p.login_name AS login FROM studies s JOIN patients p ON p.id = s.patient_id WHERE s.study_uid = ?').get(studyUid)!.login;
  const listOf = async (on: typeof sandbox, study: ArchiveStudy) =>
    (await on.as(ownerOf(on.app(), study.studyUId))).get(`${IMAGE_LIST}?studyUId=${study.studyUId}&hospId=DEMO001`) as Promise<{ statusCode: number; result: { dicomWebRoot?: string } }>;

  it('by default a study with a cine (multi-frame) series, by the sandbox\'s own root; a study without one by WADO-URI', async () => {
    const cine = seriesIn('jpegBaseline', true).study;
    const still = seriesIn('jpegLossless').study;
    expect((await listOf(sandbox, cine)).result.dicomWebRoot).toBe(new URL(DICOMWEB_ROOT_PATH, sandbox.app().sandbox.publicOrigin).href);
    expect((await listOf(sandbox, still)).result.dicomWebRoot).toBeUndefined();
  });

  it('with CF_SANDBOX_DICOMWEB_SIGNED=1, a root signed for the study that opens it without any other credential, and the configuration lists it as signed', async () => {
    const found = seriesIn('jpegBaseline', true);
    const root = (await listOf(signedSandbox, found.study)).result.dicomWebRoot!;
    const url = new URL(root);
    expect(url.searchParams.get('sig')).toBeTruthy();
    const answer = await signedSandbox.app().inject({ url: `${url.pathname}/${instancePath(found)}/metadata${url.search}` });
    expect(answer.statusCode).toBe(200);
    expect((await signedSandbox.app().inject({ url: '/config.json' })).json().imageArchives).toEqual([
      { url: new URL(DICOMWEB_ROOT_PATH, signedSandbox.app().sandbox.publicOrigin).href, credential: 'signed' },
    ]);
  });
});
