// @vitest-environment node
/** WADO-RS on the viewer's side: multipart/related bodies, and retrieval with transfer-syntax negotiation. */
import { describe, expect, it, vi } from 'vitest';
import { archiveFetcher } from '../../src/features/viewer/archiveFetch';
import { decodeFrame } from '../../src/features/viewer/dicom/decodeFrame';
import { frameAsPart10 } from '../../src/features/viewer/dicom/dicomJson';
import { mediaTypeParameters, MultipartError, parseMultipart } from '../../src/features/viewer/dicom/multipart';
import { wadoRsRetriever } from '../../src/features/viewer/wadoRs';

const text = (s: string) => new TextEncoder().encode(s);
const read = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('multipart/related', () => {
  it('reads the boundary quoted or not, each part\'s headers, and ignores preamble and epilogue', () => {
    const body = 'preamble to ignore\r\n--b1\r\nContent-Type: application/dicom; transfer-syntax=1.2.840.10008.1.2.1\r\n\r\nDICM\r\n--b1\r\ncontent-type: image/jpeg\r\n\r\n\r\nsecond\r\n\r\n--b1--\r\nepilogue';
    for (const type of ['multipart/related; type="application/dicom"; boundary=b1', 'multipart/related; boundary="b1"; type=application/dicom']) {
      const parts = parseMultipart(text(body), type);
      expect(parts.map((p) => [p.headers['content-type'], read(p.body)])).toEqual([
        ['application/dicom; transfer-syntax=1.2.840.10008.1.2.1', 'DICM'],
        ['image/jpeg', '\r\nsecond\r\n'],
      ]);
    }
  });

  it('reads bare LF line ends, a part without headers, and binary bodies that hold CR LF and dashes', () => {
    const binary = new Uint8Array([0, 13, 10, 45, 45, 98, 255]);
    const head = text('--x\nContent-Type: application/octet-stream\n\n');
    const tail = text('\n--x\n\nplain\n--x--');
    const body = new Uint8Array([...head, ...binary, ...tail]);
    const parts = parseMultipart(body, 'multipart/related; boundary=x');
    expect([...parts[0]!.body]).toEqual([...binary]);
    expect(parts[1]).toEqual({ headers: {}, body: text('plain') });
  });

  it('refuses what is not multipart, has no boundary, or ends before its closing delimiter', () => {
    expect(() => parseMultipart(text('x'), 'application/dicom')).toThrow(MultipartError);
    expect(() => parseMultipart(text('--b\r\n\r\nx'), 'multipart/related')).toThrow(MultipartError);
    expect(() => parseMultipart(text('--b\r\n\r\nx'), 'multipart/related; boundary=b')).toThrow(/ends before/);
    expect(() => parseMultipart(text('nothing here'), 'multipart/related; boundary=b')).toThrow(/no delimiter/);
  });

  it('reads a media type\'s parameters, quotes and escapes removed, names in lower case', () => {
    expect(mediaTypeParameters('Multipart/Related; Type="application/dicom"; boundary="a;b\\"c"')).toEqual({ type: 'multipart/related', parameters: { type: 'application/dicom', boundary: 'a;b"c' } });
  });
});

const INSTANCE = 'https://pacs.example.org/dicom-web/studies/1/series/2/instances/3';
const multipart = (contentType: string, body: string | Uint8Array) => {
  const bytes = typeof body === 'string' ? text(body) : body;
  return new Response(new Uint8Array([...text(`--B\r\nContent-Type: ${contentType}\r\n\r\n`), ...bytes, ...text('\r\n--B--\r\n')]), { headers: { 'content-type': 'multipart/related; type="application/octet-stream"; boundary=B' } });
};
const metadata = { '00280010': { vr: 'US', Value: [1] }, '00280011': { vr: 'US', Value: [2] }, '00280100': { vr: 'US', Value: [8] }, '00280101': { vr: 'US', Value: [8] }, '00280102': { vr: 'US', Value: [7] }, '00280002': { vr: 'US', Value: [1] }, '00280004': { vr: 'CS', Value: ['MONOCHROME2'] }, '00280008': { vr: 'IS', Value: [3] } };

function retriever(answer: (url: string, accept: string) => Response) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => answer(url, (init?.headers as Record<string, string> | undefined)?.accept ?? ''));
  return { fetch, rs: wadoRsRetriever(archiveFetcher({ fetch: fetch as unknown as typeof globalThis.fetch, appOrigin: 'https://film.example.org' })) };
}

describe('WADO-RS retrieval', () => {
  it('asks a single-frame instance as stored, and reads its one part as the file', async () => {
    const { fetch, rs } = retriever(() => multipart('application/dicom; transfer-syntax=1.2.840.10008.1.2.4.50', 'FILE'));
    const retrieved = await rs.retrieve(INSTANCE, 1, 1, '*', new AbortController().signal);
    expect(read(new Uint8Array(retrieved!.part10))).toBe('FILE');
    expect(retrieved!.frameIndex).toBe(0);
    expect(fetch).toHaveBeenCalledWith(INSTANCE, expect.objectContaining({ headers: { accept: 'multipart/related; type="application/dicom"; transfer-syntax=*' } }));
  });

  it('says null when the archive will not give that syntax (400, 406), so the next is asked; other failures are the archive\'s', async () => {
    for (const status of [400, 406]) {
      const { rs } = retriever(() => new Response('no', { status }));
      expect(await rs.retrieve(INSTANCE, 1, 1, '*', new AbortController().signal)).toBeNull();
    }
    const { rs } = retriever(() => new Response('no', { status: 500 }));
    await expect(rs.retrieve(INSTANCE, 1, 1, '*', new AbortController().signal)).rejects.toMatchObject({ problem: 'archiveError' });
  });

  it('asks a frame of a multi-frame instance alone, with the instance\'s metadata fetched once, into a file of that frame in the syntax its part names', async () => {
    const { fetch, rs } = retriever((url) => (url.endsWith('/metadata') ? Response.json([metadata]) : multipart('application/octet-stream; transfer-syntax=1.2.840.10008.1.2.1', new Uint8Array([7, 9]))));
    const signal = new AbortController().signal;
    const second = new Uint8Array((await rs.retrieve(INSTANCE, 2, 3, '*', signal))!.part10);
    await rs.retrieve(INSTANCE, 3, 3, '*', signal);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([`${INSTANCE}/metadata`, `${INSTANCE}/frames/2`, `${INSTANCE}/frames/3`]);
    expect(fetch.mock.calls[1]![1]).toMatchObject({ headers: { accept: 'multipart/related; type="application/octet-stream"; transfer-syntax=*' } });
    expect(read(second.subarray(128, 132))).toBe('DICM');
    expect(read(second)).toContain('1.2.840.10008.1.2.1');
    expect([...second.subarray(second.length - 2)]).toEqual([7, 9]);
  });

  it('asks a frame as stored again in explicit VR little endian when the archive answers 500 (Orthanc, for big endian or deflated), not a single-frame instance', async () => {
    const { rs } = retriever((url) => (url.endsWith('/metadata') ? Response.json([metadata]) : new Response('Internal error', { status: 500 })));
    const signal = new AbortController().signal;
    expect(await rs.retrieve(INSTANCE, 2, 3, '*', signal)).toBeNull();
    await expect(rs.retrieve(INSTANCE, 2, 3, '1.2.840.10008.1.2.1', signal)).rejects.toMatchObject({ problem: 'archiveError' });
  });

  it('retrieves a multi-frame instance whole when its metadata gives an image attribute only by reference (a palette\'s lookup tables)', async () => {
    const palette = { ...metadata, '00281201': { vr: 'OW', BulkDataURI: 'http://archive.example.org/bulk/00281201' } };
    const { fetch, rs } = retriever((url) => (url.endsWith('/metadata') ? Response.json([palette]) : multipart('application/dicom; transfer-syntax=1.2.840.10008.1.2.1', 'FILE')));
    const retrieved = await rs.retrieve(INSTANCE, 2, 3, '*', new AbortController().signal);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([`${INSTANCE}/metadata`, INSTANCE]);
    expect(read(new Uint8Array(retrieved!.part10))).toBe('FILE');
    expect(retrieved!.frameIndex).toBe(1);
  });
});

describe('a frame that came without a header', () => {
  const colour = {
    ...metadata,
    '00280002': { vr: 'US', Value: [3] },
    '00280004': { vr: 'CS', Value: ['YBR_FULL_422'] },
    '00280006': { vr: 'US', Value: [0] },
    '00280008': { vr: 'IS', Value: [1] },
  };

  it('is read as RGB when the archive decompressed a YBR_FULL_422 JPEG into three full samples a pixel (as DCMTK and Orthanc do)', async () => {
    const rgb = new Uint8Array([200, 10, 20, 30, 220, 40]);
    const decoded = await decodeFrame(frameAsPart10(colour, rgb, '1.2.840.10008.1.2.1', 0), 0);
    expect(decoded.frame.kind).toBe('colour');
    expect([...(decoded.frame as { rgba: Uint8ClampedArray }).rgba]).toEqual([200, 10, 20, 255, 30, 220, 40, 255]);
  });

  it('keeps a true YBR_FULL_422 native frame (two samples a pixel) as it is', async () => {
    const decoded = await decodeFrame(frameAsPart10(colour, new Uint8Array([128, 128, 128, 128]), '1.2.840.10008.1.2.1', 0), 0);
    expect([...(decoded.frame as { rgba: Uint8ClampedArray }).rgba]).toEqual([128, 128, 128, 255, 128, 128, 128, 255]);
  });
});
