import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { DEMO_ORG_CODE, HOSPITAL_LOGO_PATH, OFFICIAL_ACCOUNT_QR_PATH } from '../demoData';
import { SANDBOX_PAGES_CSS_PATH } from '../sandboxPages';

const SVG = 'image/svg+xml; charset=utf-8';
const CACHE = 'public, max-age=300';
const LOGO_FILE = new URL('../assets/hospital-logo.svg', import.meta.url);
const PAGES_CSS_FILE = new URL('../assets/sandbox-pages.css', import.meta.url);

/** Images the demo hospital's settings point to, and the stylesheet of the sandbox's own pages. */
export async function sandboxAssetRoutes(app: FastifyInstance): Promise<void> {
  const logo = await readFile(LOGO_FILE);
  const pagesCss = await readFile(PAGES_CSS_FILE);
  const qrByFollowUrl = new Map<string, string>();

  app.get(HOSPITAL_LOGO_PATH, async (_request, reply) => reply.type(SVG).header('cache-control', CACHE).send(logo));
  app.get(SANDBOX_PAGES_CSS_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(pagesCss),
  );

  app.get(OFFICIAL_ACCOUNT_QR_PATH, async (_request, reply) => {
    const followUrl = app.sandbox.hospitals.findByOrgCode(DEMO_ORG_CODE)?.officialAccountFollowUrl;
    if (!followUrl) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    let svg = qrByFollowUrl.get(followUrl);
    if (!svg) {
      svg = await QRCode.toString(followUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      qrByFollowUrl.set(followUrl, svg);
    }
    return reply.type(SVG).header('cache-control', CACHE).send(svg);
  });
}
