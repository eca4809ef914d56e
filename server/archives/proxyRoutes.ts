import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NO_STORE, refuseStudyBytes } from '../studyBytes';
import { authorizeArchiveRequest, readArchiveRequest } from './archiveRequest';
import { archiveGet, PACS_ROUTE } from './pacsArchive';
import type { PacsArchive } from './pacsArchive';

/**
 * The sandbox as the reverse proxy a hospital puts in front of an archive without CORS (issue 25,
 * docs/deploy.md): `/archives/pacs/...` on the app's own origin is forwarded to the archive
 * `CF_PACS_URL` names, after the patient's study credential is checked for the study the address
 * names (archiveRequest.ts). The archive gets its own credential and the request's Accept, nothing
 * of the patient's (no Authorization, no study pass, no cookie); the answer comes back streamed
 * with its status and content type, and the archive's headers otherwise dropped (no cookie, no
 * basic-auth challenge that would make a browser ask for the archive's password).
 *
 * `/archives/access` answers the same question for nginx's `auth_request`: the address asked for
 * in `X-Original-URI`, the patient's credential in the request's own headers, and the original
 * query (a signed URL's signature) in its own query; 204 allowed, 401 no credential, 403 anything
 * else (nginx takes no other refusal). A signature is checked against the original address.
 */

export const ARCHIVE_ACCESS_PATH = '/archives/access';

/** The archive's answer headers a browser gets; everything else (hop-by-hop, cookies, challenges) stays behind. */
const ANSWER_HEADERS = ['content-type', 'content-length', 'etag', 'last-modified'] as const;
const METHODS = new Set(['GET', 'HEAD']);

function keptHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = { 'cache-control': NO_STORE };
  for (const name of ANSWER_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string') kept[name] = value;
  }
  return kept;
}

function plain(reply: FastifyReply, status: number, text: string, headers: Record<string, string> = {}) {
  return reply.code(status).headers({ 'cache-control': NO_STORE, ...headers }).type('text/plain; charset=utf-8').send(text);
}

/** GET or HEAD without a body: a read. Anything else is refused before its body is read. */
async function onlyReads(request: FastifyRequest, reply: FastifyReply) {
  if (!METHODS.has(request.method)) return plain(reply, 405, 'Method Not Allowed', { allow: 'GET, HEAD' });
  const length = request.headers['content-length'];
  if (request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')) return plain(reply, 400, 'A read carries no body');
  return undefined;
}

export async function archiveProxyRoutes(app: FastifyInstance, { pacs }: { pacs: PacsArchive | undefined }): Promise<void> {
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: `${PACS_ROUTE}*`,
    onRequest: onlyReads,
    handler: async (request, reply) => {
      if (!pacs) return plain(reply, 404, 'Not Found');
      const asked = readArchiveRequest(request.url.slice(PACS_ROUTE.length));
      if (!asked.ok) return plain(reply, asked.status, asked.status === 400 ? 'Bad Request' : 'Not Found');
      const verdict = await authorizeArchiveRequest(request, asked);
      if (!verdict.ok) return refuseStudyBytes(request, reply, verdict.status);
      const abort = new AbortController();
      reply.raw.once('close', () => abort.abort());
      const accept = request.headers.accept;
      let answer;
      try {
        answer = await archiveGet(pacs, asked.forward, accept ? { accept } : {}, abort.signal);
      } catch (error) {
        request.log.warn(`archive proxy: ${String(error)}`);
        return plain(reply, 502, 'The image archive did not answer');
      }
      const status = answer.statusCode ?? 502;
      const headers = keptHeaders(answer.headers);
      if (request.method === 'HEAD') {
        answer.destroy();
        return reply.code(status).headers(headers).send();
      }
      return reply.code(status).headers(headers).send(answer);
    },
  });

  app.get(ARCHIVE_ACCESS_PATH, async (request, reply) => {
    const original = request.headers['x-original-uri'];
    const rest = typeof original === 'string' && original.startsWith(PACS_ROUTE) ? original.slice(PACS_ROUTE.length) : undefined;
    const asked = rest === undefined ? undefined : readArchiveRequest(rest);
    if (!asked?.ok) return reply.code(403).header('cache-control', NO_STORE).send();
    const verdict = await authorizeArchiveRequest(request, asked, original as string);
    if (verdict.ok) return reply.code(204).header('cache-control', NO_STORE).send();
    return reply
      .code(verdict.status === 401 ? 401 : 403)
      .headers({ 'cache-control': NO_STORE, ...(verdict.status === 401 ? { 'www-authenticate': 'Bearer' } : {}) })
      .send();
  });
}
