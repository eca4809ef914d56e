import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The anti-forgery pair every API command carries (server/antiForgery.ts). */
const XSRF = 'test-pair';

/** Real, tiny images of each accepted type (a 1×1 PNG, 2×3 JPEG and WebP: lossy, lossless, extended). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRQBAwQEBQQFCQUFCRQNCw0UFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFP/AABEIAAMAAgMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AP1ToA//2Q==',
  'base64',
);
export const WEBP = Buffer.from('UklGRjgAAABXRUJQVlA4ICwAAABwAQCdASoCAAMAAUAmJaACdAFAAAD+2ibyOd6VKr/6nH//U4//6nH9ZQAAAA==', 'base64');
export const WEBP_LOSSLESS = Buffer.from('UklGRh4AAABXRUJQVlA4TBEAAAAvAYAAAAfQzqr0sf+BiOh/AAA=', 'base64');
export const WEBP_EXTENDED = Buffer.from(
  'UklGRkoAAABXRUJQVlA4WAoAAAAAAAAAAQAAAgAAVlA4ICwAAABwAQCdASoCAAMAAUAmJaACdAFAAAD+2ibyOd6VKr/6nH//U4//6nH9ZQAAAA==',
  'base64',
);
/** A file as large as `size`: a real image, then zeros (only the header is read, so it still counts as that image). */
export function padded(image: Buffer, size: number): Buffer {
  return Buffer.concat([image, Buffer.alloc(size - image.length)]);
}
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

/** Where a request comes from: the address abuse limits count by (server/rateLimit.ts, clientOf). */
export interface From {
  remoteAddress?: string;
}

/** POSTs a multipart body to the API, with the anti-forgery pair and any other headers. */
export async function postMultipart(
  app: FastifyInstance,
  url: string,
  parts: ReadonlyArray<[string, FormPart]>,
  headers: Record<string, string> = {},
  from: From = {},
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await multipartBody(parts);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, 'content-type': contentType, 'x-xsrf-token': XSRF },
    cookies: { 'XSRF-TOKEN': XSRF },
    ...from,
  });
}

/** POSTs a JSON body to the API, with the anti-forgery pair. */
export async function postJson(app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}, from: From = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(body),
    headers: { ...headers, 'content-type': 'application/json', 'x-xsrf-token': XSRF },
    cookies: { 'XSRF-TOKEN': XSRF },
    ...from,
  });
}

/** The anti-forgery pair as raw request headers, for a test that writes the request itself. */
export const ANTI_FORGERY_HEADERS = { 'x-xsrf-token': XSRF, cookie: `XSRF-TOKEN=${XSRF}` } as const;

