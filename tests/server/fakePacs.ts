import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a real archive (Orthanc's paths: QIDO-RS and WADO-RS under /dicom-web, WADO-URI
 * at /wado) that keeps every request it gets, so a test sees exactly what the sandbox sent it.
 * It wants basic authentication, and answers with headers a proxy must not pass on (a cookie,
 * a basic-auth challenge, hop-by-hop ones). The e2e suite runs the real one (e2e/orthanc.spec.ts).
 */

export const PACS_USER = 'pacs';
export const PACS_PASSWORD = 'archive-secret';
export const PACS_AUTHORIZATION = `Basic ${Buffer.from(`${PACS_USER}:${PACS_PASSWORD}`).toString('base64')}`;

export interface FakeInstance {
  sopUid: string;
  instanceNumber: number;
  frames: number;
}
export interface FakeSeries {
  seriesUid: string;
  seriesNumber: number;
  modality: string;
  description: string;
  instances: FakeInstance[];
}
export interface FakeStudy {
  studyUid: string;
  date: string;
  time: string;
  accession: string;
  modalities: string;
  description: string;
  series: FakeSeries[];
}

export interface Asked {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface FakePacs {
  /** With the credential: what CF_PACS_URL is set to. */
  url: string;
  /** Without it. */
  origin: string;
  studies: FakeStudy[];
  asked: Asked[];
  close(): Promise<void>;
}

const UID_ROOT = '1.2.826.0.1.3680043.8.498.77';

function study(n: number, modality: string, frames: number): FakeStudy {
  const studyUid = `${UID_ROOT}.${n}`;
  return {
    studyUid,
    date: `2026091${n}`,
    time: '101500',
    accession: `PACSACC${n}`,
    modalities: modality,
    description: `${modality} from the archive ${n}`,
    series: [1, 2].map((seriesNumber) => ({
      seriesUid: `${studyUid}.${seriesNumber}`,
      seriesNumber,
      modality,
      description: `series ${seriesNumber}`,
      instances: [3, 1, 2].map((instanceNumber) => ({ sopUid: `${studyUid}.${seriesNumber}.${instanceNumber}`, instanceNumber, frames })),
    })),
  };
}

/** Two studies: a CT of single frames and a US of 12-frame instances. */
export function fakeStudies(): FakeStudy[] {
  return [study(1, 'CT', 1), study(2, 'US', 12)];
}

const json = (tag: string, vr: string, value: unknown) => ({ [tag]: { vr, Value: [value] } });

/** The bytes it answers for any object: recognisable in a test. */
export const OBJECT_BYTES = Buffer.from('DICM-fake-object-bytes');

export async function startFakePacs(studies: FakeStudy[] = fakeStudies()): Promise<FakePacs> {
  const asked: Asked[] = [];
  const server: Server = createServer((request, response) => {
    asked.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    const noise = { 'set-cookie': 'pacs-session=secret; Path=/', connection: 'close', 'x-orthanc-internal': 'yes' };
    if (request.headers.authorization !== PACS_AUTHORIZATION) {
      response.writeHead(401, { ...noise, 'www-authenticate': 'Basic realm="Orthanc"' }).end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://pacs');
    const send = (body: unknown) => response.writeHead(200, { ...noise, 'content-type': 'application/dicom+json' }).end(JSON.stringify(body));
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'dicom-web' && parts[1] === 'studies') {
      const found = studies.find((s) => s.studyUid === parts[2]);
      if (parts.length === 2) {
        send(studies.map((s) => ({ ...json('0020000D', 'UI', s.studyUid), ...json('00080020', 'DA', s.date), ...json('00080030', 'TM', s.time), ...json('00080050', 'SH', s.accession), ...json('00080061', 'CS', s.modalities), ...json('00081030', 'LO', s.description) })));
        return;
      }
      if (!found) return void response.writeHead(404, noise).end();
      if (parts.length === 4 && parts[3] === 'series') {
        send(found.series.map((s) => ({ ...json('0020000E', 'UI', s.seriesUid), ...json('00200011', 'IS', s.seriesNumber), ...json('00080060', 'CS', s.modality), ...json('0008103E', 'LO', s.description) })));
        return;
      }
      const series = found.series.find((s) => s.seriesUid === parts[4]);
      if (!series) return void response.writeHead(404, noise).end();
      if (parts.length === 6 && parts[5] === 'instances') {
        send(series.instances.map((i) => ({ ...json('00080018', 'UI', i.sopUid), ...json('00200013', 'IS', i.instanceNumber), ...json('00280008', 'IS', i.frames) })));
        return;
      }
      response.writeHead(200, { ...noise, 'content-type': 'multipart/related; type="application/octet-stream"; boundary=fake' }).end(OBJECT_BYTES);
      return;
    }
    if (url.pathname === '/wado') {
      const known = studies.some((s) => s.studyUid === url.searchParams.get('studyUID'));
      if (!known) return void response.writeHead(404, noise).end();
      const type = url.searchParams.get('contentType') ?? 'application/dicom';
      response.writeHead(200, { ...noise, 'content-type': type }).end(OBJECT_BYTES);
      return;
    }
    response.writeHead(404, noise).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${PACS_USER}:${PACS_PASSWORD}@127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    studies,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
