import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../envelope';
import { parseQuery } from '../query';
import { jsSdkSignature, nonceStr, SANDBOX_WECHAT } from '../wechat';

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

const URL_ERROR = 'url must be the absolute http(s) URL of the page';
const jsConfigQuerySchema = z.object({ url: z.string({ error: URL_ERROR }).refine(isHttpUrl, { error: URL_ERROR }) });

export async function wechatRoutes(app: FastifyInstance): Promise<void> {
  /** Public (paths.ts): the page configures the JS-SDK before anyone signs in. */
  app.get('/v1.0/wechat/GetJsConfigParms', async (request) => {
    const { url } = parseQuery(jsConfigQuerySchema, request.query);
    const timestamp = Math.floor(Date.now() / 1000);
    const nonce = nonceStr();
    return ok({
      appId: SANDBOX_WECHAT.appId,
      timestamp,
      nonceStr: nonce,
      signature: jsSdkSignature({ jsapiTicket: SANDBOX_WECHAT.jsapiTicket, nonceStr: nonce, timestamp, url }),
    });
  });
}
