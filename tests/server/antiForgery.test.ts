// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { startSandbox } from './helpers';

describe('anti-forgery cookie and header pair', () => {
  it('sets a readable cookie on the first answer, and not again once the browser has it', async () => {
    const app = await startSandbox();
    const first = await app.inject({ method: 'GET', url: '/config.json' });
    const cookie = first.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{24}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    const second = await app.inject({ method: 'GET', url: '/config.json', cookies: { 'XSRF-TOKEN': cookie!.value } });
    expect(second.cookies).toEqual([]);
  });

  it('refuses an API command without the matching header, and lets a matching one through', async () => {
    const app = await startSandbox();
    const url = '/api/V1.0/Nothing/Here';
    const missing = await app.inject({ method: 'POST', url, cookies: { 'XSRF-TOKEN': 'abc' } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ statusCode: 403, message: 'anti-forgery token missing or wrong', result: null });
    const wrong = await app.inject({ method: 'POST', url, cookies: { 'XSRF-TOKEN': 'abc' }, headers: { 'x-xsrf-token': 'abd' } });
    expect(wrong.statusCode).toBe(403);
    const right = await app.inject({ method: 'POST', url, cookies: { 'XSRF-TOKEN': 'abc' }, headers: { 'x-xsrf-token': 'abc' } });
    expect(right.statusCode).toBe(404);
  });

  it('leaves reads alone', async () => {
    const app = await startSandbox();
    const read = await app.inject({ method: 'GET', url: '/api/V2.0/YJPIndex/GetHospitalSetting' });
    expect(read.json().statusCode).toBe(200);
  });
});
