// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '../../src/shared/config/runtimeConfig';

const valid = {
  productTitle: '电子云胶片',
  apiBaseUrl: '/api/',
  oidc: { authority: 'https://id.example.org', clientId: 'web', scope: 'openid' },
  allowedRedirectOrigins: ['https://ai.example.org'],
  defaultTheme: 4,
};
const answer = (body: string, status = 200) => (async () => new Response(body, { status })) as typeof fetch;

describe('runtime configuration', () => {
  it("asks exactly as index.html's preload does, so the preloaded answer is the one used", async () => {
    const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
    expect(html).toMatch(/<link rel="preload" href="\/config.json" as="fetch" crossorigin="anonymous" \/>/);
    const asked: [RequestInfo | URL, RequestInit | undefined][] = [];
    await loadRuntimeConfig((async (input: RequestInfo | URL, init?: RequestInit) => (asked.push([input, init]), new Response(JSON.stringify(valid)))) as typeof fetch);
    // No init: the default mode (cors), credentials (same-origin) and cache mode, no headers.
    expect(asked).toEqual([['/config.json', undefined]]);
  });

  it('loads and validates the file, qaPanel off and no other image archive by default', async () => {
    expect(await loadRuntimeConfig(answer(JSON.stringify(valid)))).toEqual({ ok: true, config: { ...valid, qaPanel: false, imageArchiveOrigins: [], imageArchives: [], timeZone: 'Asia/Shanghai' } });
  });

  it("takes the hospital's time zone, Asia/Shanghai by default (decisions.md), and refuses one that is not an IANA zone", async () => {
    expect(await loadRuntimeConfig(answer(JSON.stringify({ ...valid, timeZone: 'Asia/Urumqi' })))).toMatchObject({ ok: true, config: { timeZone: 'Asia/Urumqi' } });
    expect(await loadRuntimeConfig(answer(JSON.stringify({ ...valid, timeZone: 'Mars/Olympus' })))).toMatchObject({ ok: false, problem: 'invalid', detail: expect.stringContaining('timeZone') });
    expect(await loadRuntimeConfig(answer(JSON.stringify({ ...valid, timeZone: '' })))).toMatchObject({ ok: false, problem: 'invalid' });
  });

  it('takes the image archives the viewer may fetch from, and refuses one that is not a URL', async () => {
    const archives = { ...valid, imageArchiveOrigins: ['https://pacs.example.org'] };
    expect(await loadRuntimeConfig(answer(JSON.stringify(archives)))).toMatchObject({ ok: true, config: { imageArchiveOrigins: ['https://pacs.example.org'] } });
    expect(await loadRuntimeConfig(answer(JSON.stringify({ ...valid, imageArchiveOrigins: ['pacs'] })))).toMatchObject({ ok: false, problem: 'invalid' });
  });

  it('takes image archives with their credential and same-origin route, and refuses a route elsewhere or an unknown credential', async () => {
    const pacs = { url: 'http://pacs.example.org:8042/dicom-web', route: '/archives/pacs/', credential: 'session' };
    expect(await loadRuntimeConfig(answer(JSON.stringify({ ...valid, imageArchives: [pacs, { url: 'https://cloud.example.org/', credential: 'cookie' }] })))).toMatchObject({
      ok: true,
      config: { imageArchives: [pacs, { url: 'https://cloud.example.org/', credential: 'cookie' }] },
    });
    for (const bad of [{ ...pacs, route: '//evil.example.org/' }, { ...pacs, route: 'https://evil.example.org/' }, { ...pacs, credential: 'token-in-url' }, { ...pacs, url: 'ftp://pacs/' }]) {
      expect(await loadRuntimeConfig(answer(JSON.stringify({ ...valid, imageArchives: [bad] })))).toMatchObject({ ok: false, problem: 'invalid', detail: expect.stringContaining('imageArchives') });
    }
  });

  it('names a missing file', async () => {
    expect(await loadRuntimeConfig(answer('nope', 404))).toEqual({ ok: false, problem: 'missing' });
    expect(await loadRuntimeConfig((async () => Promise.reject(new TypeError('offline'))) as typeof fetch)).toEqual({ ok: false, problem: 'missing' });
  });

  it('names what is wrong with an invalid file', async () => {
    expect(await loadRuntimeConfig(answer('<html>'))).toEqual({ ok: false, problem: 'invalid', detail: 'not JSON' });
    const result = await loadRuntimeConfig(answer(JSON.stringify({ ...valid, defaultTheme: 9, oidc: { ...valid.oidc, authority: 'not a url' } })));
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.problem === 'invalid' && result.detail).toMatch(/oidc\.authority.*defaultTheme|defaultTheme.*oidc\.authority/);
  });
});
