// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { allowedArchiveOrigins, archiveOf, fetchedArchiveOrigins, routeArchive } from '../../src/shared/config/imageArchives';
import type { ImageArchive } from '../../src/shared/config/runtimeConfig';

const APP = 'https://film.example.org';
const pacs: ImageArchive = { url: 'http://pacs.lan:8042/', route: '/archives/pacs/', credential: 'session' };
const web: ImageArchive = { url: 'https://cloud.example.org/dicom-web', credential: 'cookie' };
const deeper: ImageArchive = { url: 'https://cloud.example.org/dicom-web/signed', credential: 'signed' };

describe('the image archives of the runtime configuration', () => {
  it('finds the archive an address is under, by whole path segments, the longest prefix first', () => {
    expect(archiveOf('https://cloud.example.org/dicom-web/studies/1.2', [web, deeper])).toBe(web);
    expect(archiveOf('https://cloud.example.org/dicom-web/signed/studies/1.2', [web, deeper])).toBe(deeper);
    expect(archiveOf('https://cloud.example.org/dicom-web', [web])).toBe(web);
    expect(archiveOf('https://cloud.example.org/dicom-webx/studies', [web])).toBeNull();
    expect(archiveOf('https://cloud.example.org.evil.net/dicom-web/studies', [web])).toBeNull();
    expect(archiveOf('http://pacs.lan:8042/wado?requestType=WADO', [pacs])).toBe(pacs);
  });

  it('routes an archive with a route through the same-origin path, keeping the rest of the address', () => {
    expect(routeArchive('http://pacs.lan:8042/dicom-web/studies/1.2/series/3', [pacs], APP)).toEqual({ url: `${APP}/archives/pacs/dicom-web/studies/1.2/series/3`, credential: 'session' });
    expect(routeArchive('http://pacs.lan:8042/wado?requestType=WADO&studyUID=1', [pacs], APP)).toEqual({ url: `${APP}/archives/pacs/wado?requestType=WADO&studyUID=1`, credential: 'session' });
    expect(routeArchive('http://pacs.lan:8042', [pacs], APP).url).toBe(`${APP}/archives/pacs/`);
  });

  it('leaves an unrouted archive where it is with its credential, and an unlisted address with none', () => {
    expect(routeArchive('https://cloud.example.org/dicom-web/studies/1', [web, pacs], APP)).toEqual({ url: 'https://cloud.example.org/dicom-web/studies/1', credential: 'cookie' });
    expect(routeArchive(`${APP}/sandbox/wado?x=1`, [web, pacs], APP)).toEqual({ url: `${APP}/sandbox/wado?x=1`, credential: null });
  });

  it('allows links to every listed archive, but the browser reaches only the unrouted ones', () => {
    const settings = { imageArchiveOrigins: ['http://127.0.0.1:8091'], imageArchives: [pacs, web, deeper] };
    expect(allowedArchiveOrigins(settings)).toEqual(['http://127.0.0.1:8091', 'http://pacs.lan:8042', 'https://cloud.example.org']);
    expect(fetchedArchiveOrigins(settings)).toEqual(['http://127.0.0.1:8091', 'https://cloud.example.org']);
  });
});
