// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readArchiveRequest } from '../../server/archives/archiveRequest';

const STUDY = '1.2.840.113619.2.55.3';
const SERIES = `${STUDY}.1`;
const OBJECT = `${STUDY}.1.7`;

describe('which study an address of the archive reads (server/archives/archiveRequest.ts)', () => {
  it.each([
    [`dicom-web/studies/${STUDY}`],
    [`dicom-web/studies/${STUDY}/metadata`],
    [`dicom-web/studies/${STUDY}/series`],
    [`dicom-web/studies/${STUDY}/series/${SERIES}/instances`],
    [`dicom-web/studies/${STUDY}/series/${SERIES}/instances/${OBJECT}`],
    [`dicom-web/studies/${STUDY}/series/${SERIES}/instances/${OBJECT}/frames/1,2,3`],
    [`dicom-web/studies/${STUDY}/series/${SERIES}/instances/${OBJECT}/frames/4/rendered`],
    [`dicom-web/studies/${STUDY}/series/${SERIES}/instances/${OBJECT}/rendered`],
    [`dicom-web/studies/${STUDY}/series/${SERIES}/thumbnail`],
  ])('WADO-RS %s: the study in the path, forwarded as it is', (path) => {
    expect(readArchiveRequest(path)).toEqual({ ok: true, studyUid: STUDY, forward: path });
  });

  it('WADO-URI: the study in the query; the query forwarded without a signature, its media type plain (archives match it literally)', () => {
    expect(readArchiveRequest(`wado?requestType=WADO&studyUID=${STUDY}&seriesUID=${SERIES}&objectUID=${OBJECT}&contentType=image%2Fjpeg&columns=128&exp=1&grant=p1&sig=abc`)).toEqual({
      ok: true,
      studyUid: STUDY,
      forward: `wado?requestType=WADO&studyUID=${STUDY}&seriesUID=${SERIES}&objectUID=${OBJECT}&contentType=image/jpeg&columns=128`,
    });
    expect(readArchiveRequest(`wado?requestType=WADO&studyUID=${STUDY}&contentType=application/dicom`)).toMatchObject({ forward: `wado?requestType=WADO&studyUID=${STUDY}&contentType=application/dicom` });
  });

  it('a rendered WADO-RS keeps its own parameters and nothing else', () => {
    expect(readArchiveRequest(`dicom-web/studies/${STUDY}/rendered?quality=80&viewport=128%2C128&sig=x`)).toMatchObject({ ok: true, forward: `dicom-web/studies/${STUDY}/rendered?quality=80&viewport=128,128` });
    expect(readArchiveRequest(`dicom-web/studies/${STUDY}/rendered?includefield=all`)).toEqual({ ok: false, status: 400 });
  });

  it.each([
    ['a search across studies', 'dicom-web/studies'],
    ['a search by patient', 'dicom-web/studies?PatientID=123'],
    ['a search across series', 'dicom-web/series'],
    ['dot-dot after the study', `dicom-web/studies/${STUDY}/../../system`],
    ['a dot segment', `dicom-web/studies/${STUDY}/./series`],
    ['an encoded slash', `dicom-web/studies/${STUDY}%2F..%2Fsystem`],
    ['an encoded dot', `dicom-web/studies/${STUDY}/%2e%2e`],
    ['a backslash', `dicom-web/studies/${STUDY}\\..\\system`],
    ['an empty segment', `dicom-web/studies/${STUDY}//series`],
    ['a UID with a letter', 'dicom-web/studies/1.2.3a'],
    ['WADO-URI with no study', `wado?requestType=WADO&objectUID=${OBJECT}`],
    ['WADO-URI with two studies', `wado?requestType=WADO&studyUID=${STUDY}&studyUID=9.9.9`],
    ['WADO-URI with the study in another spelling', `wado?requestType=WADO&studyUID=${STUDY}&StudyUID=9.9.9`],
    ['WADO-URI with a study that is no UID', 'wado?requestType=WADO&studyUID=1.2.3%00'],
    ['a signature given twice', `wado?requestType=WADO&studyUID=${STUDY}&sig=a&sig=b`],
  ])('refuses %s (400)', (_name, rest) => {
    expect(readArchiveRequest(rest)).toEqual({ ok: false, status: 400 });
  });

  it.each([['the archive\'s own API', 'instances'], ['its system page', 'system'], ['its web explorer', 'app/explorer.html']])('knows nothing of %s (404)', (_name, rest) => {
    expect(readArchiveRequest(rest)).toEqual({ ok: false, status: 404 });
  });
});
