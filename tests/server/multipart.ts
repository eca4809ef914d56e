import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The anti-forgery pair every API command carries (server/antiForgery.ts). */
const XSRF = 'test-pair';

/** Bytes that start like each accepted image type (the server sniffs only the start). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7), Buffer.from([0xff, 0xd9])]);
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(28, 1)]);
/** A text file that says it is a PNG. */
export const NOT_AN_IMAGE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');

export type FormPart = string | { bytes: Uint8Array; type?: string; filename?: string };

/** A multipart/form-data body as a browser's FormData makes it, and its content type. */
async function multipartBody(parts: ReadonlyArray<[string, FormPart]>): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, part] of parts) {
    if (typeof part === 'string') form.append(name, part);
    else form.append(name, new Blob([new Uint8Array(part.bytes)], { type: part.type ?? 'image/png' }), part.filename ?? 'image.png');
  }
  const request = new Request('http://form.invalid/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** POSTs a multipart body to the API, with the anti-forgery pair and any other headers. */
export async function postMultipart(
  app: FastifyInstance,
  url: string,
  parts: ReadonlyArray<[string, FormPart]>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await multipartBody(parts);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, 'content-type': contentType, 'x-xsrf-token': XSRF },
    cookies: { 'XSRF-TOKEN': XSRF },
  });
}

/** POSTs a JSON body to the API, with the anti-forgery pair. */
export async function postJson(app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json', 'x-xsrf-token': XSRF }, cookies: { 'XSRF-TOKEN': XSRF } });
}

