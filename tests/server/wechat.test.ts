// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jsSdkSignature } from '../../server/wechat';
import { JS_SDK_CONFIG, startSandbox } from './helpers';
import { signedInHeaders } from './signIn';

/** The sandbox's documented demo constants (server/wechat.ts), written out so a change shows here. */
const APP_ID = 'wx5a9c1d0e7b3f2468';
const JSAPI_TICKET = 'sandbox_jsapi_ticket_cloud_film_DEMO001';

/** WeChat's documented signing string, computed here by hand. */
function sha1Signature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  return createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest('hex');
}

describe('the WeChat JS-SDK signature', () => {
  it("reproduces the example in WeChat's JS-SDK documentation", () => {
    const signature = jsSdkSignature({
      jsapiTicket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
      nonceStr: 'Wm3WZYTPz0wzccnW',
      timestamp: 1414587457,
      url: 'http://mp.weixin.qq.com?params=value',
    });
    expect(signature).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the URL without its #fragment', () => {
    const input = { jsapiTicket: JSAPI_TICKET, nonceStr: 'abc123', timestamp: 1795000000 };
    const bare = 'https://film.example.com/aiOrder?lang=en';
    expect(jsSdkSignature({ ...input, url: `${bare}#/detail?id=1` })).toBe(jsSdkSignature({ ...input, url: bare }));
    expect(jsSdkSignature({ ...input, url: bare })).toBe(sha1Signature(JSAPI_TICKET, 'abc123', 1795000000, bare));
  });
});

describe('GetJsConfigParms', () => {
  const PAGE = 'http://127.0.0.1:18080/aiOrder?lang=zh-CN&tab=2';

  it('answers the sandbox appId and a real signature for the page, without a token', async () => {
    const app = await startSandbox();
    const before = Math.floor(Date.now() / 1000);
    const response = await app.inject({ url: `${JS_SDK_CONFIG}?url=${encodeURIComponent(`${PAGE}#section`)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json();
    expect(body.statusCode).toBe(200);
    const { result } = body;
    expect(Object.keys(result)).toEqual(['appId', 'timestamp', 'nonceStr', 'signature']);
    expect(result.appId).toBe(APP_ID);
    expect(Number.isInteger(result.timestamp)).toBe(true);
    expect(result.timestamp).toBeGreaterThanOrEqual(before);
    expect(result.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(result.nonceStr).toMatch(/^[0-9a-f]{32}$/);
    expect(result.signature).toBe(sha1Signature(JSAPI_TICKET, result.nonceStr, result.timestamp, PAGE));
    expect(result.signature).not.toBe(sha1Signature(JSAPI_TICKET, result.nonceStr, result.timestamp, `${PAGE}#section`));
  });

  it('answers a signed-in patient the same way', async () => {
    const app = await startSandbox();
    const response = await app.inject({ url: `${JS_SDK_CONFIG}?url=${encodeURIComponent(PAGE)}`, headers: await signedInHeaders(app) });
    const { result } = response.json();
    expect(result.signature).toBe(sha1Signature(JSAPI_TICKET, result.nonceStr, result.timestamp, PAGE));
  });

  it('uses a new nonce for every call', async () => {
    const app = await startSandbox();
    const url = `${JS_SDK_CONFIG}?url=${encodeURIComponent(PAGE)}`;
    const [first, second] = await Promise.all([app.inject({ url }), app.inject({ url })]);
    expect(first.json().result.nonceStr).not.toBe(second.json().result.nonceStr);
  });

  it.each(['', '?url=', '?url=aiOrder', '?url=%2FaiOrder', '?url=ftp%3A%2F%2Fexample.com%2F', '?url=javascript%3Aalert(1)', '?url=http%3A%2F%2Fa&url=http%3A%2F%2Fb'])(
    'rejects %s with statusCode 400',
    async (search) => {
      const app = await startSandbox();
      const response = await app.inject({ url: `${JS_SDK_CONFIG}${search}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ statusCode: 400, message: expect.stringContaining('url'), result: null });
    },
  );
});
