import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routePageAt } from '../src/shared/navigation/routePages';
import { fail } from './envelope';
import { isApiPath, isHashedAssetPath, isPrivateBuildFile, isReservedPath, pathnameOf } from './paths';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cloud Film sandbox</title></head>
<body><h1>The app is not built</h1><p>Run <code>npm run build</code> first, then reload this page.</p></body></html>
`;

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** Serves the built app from `distDir`; every unknown path ends in the one not-found handler below. */
export async function registerStaticApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  if (distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      // The build's .br and .gz copies, sent as they are to a browser that takes them.
      preCompressed: true,
      allowedPath: (pathname) => !isReservedPath(pathname) && !isPrivateBuildFile(pathname),
      setHeaders: (reply, filePath) => {
        const fromRoot = relative(distDir, filePath).split(sep).join('/');
        reply.header('cache-control', isHashedAssetPath(`/${fromRoot}`) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = pathnameOf(request.url);
    if (isApiPath(pathname)) return reply.code(404).send(fail(404, 'not found'));
    const isHistoryRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      acceptsHtml(request) &&
      !isReservedPath(pathname) &&
      !isHashedAssetPath(pathname) &&
      !isPrivateBuildFile(pathname);
    if (isHistoryRoute) return sendIndexHtml(distDir, reply, request.url);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}

/**
 * History-mode routing: the app's own router decides what `/aiOrder?x=1` shows. The page sent is
 * the route's own copy of index.html when the build wrote one (its screen's chunks named in it,
 * src/shared/navigation/routePages.ts), index.html otherwise.
 */
async function sendIndexHtml(distDir: string | undefined, reply: FastifyReply, url: string) {
  const indexPath = distDir && join(distDir, 'index.html');
  reply.header('cache-control', REVALIDATE);
  if (!distDir || !indexPath || !existsSync(indexPath)) {
    return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
  }
  const pathname = pathnameOf(url);
  const routePage = routePageAt(pathname, url.slice(pathname.length).replace(/#.*/, ''));
  const page = routePage && existsSync(join(distDir, routePage)) ? join(distDir, routePage) : indexPath;
  return reply.type('text/html; charset=utf-8').send(await readFile(page));
}
