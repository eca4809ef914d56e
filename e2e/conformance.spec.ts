import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { compareFrame, displayedSamples, parsePnm, pearson } from '../scripts/conformance/compare';
import { buildCorpus, DEFAULT_CORPUS_DIR, type CorpusEntry } from '../scripts/conformance/corpus';
import { framesToDecode, verdict, type Outcome } from '../scripts/conformance/outcome';
import { expect, test } from './fixtures';

/**
 * The conformance corpus (scripts/conformance/manifest.ts) decoded in Chromium by the app's own
 * decode worker as the build ships it (dist/assets/decodeWorker-*.js, its codec chunks and wasm
 * fetched as the viewer fetches them, under the sandbox's Content-Security-Policy), each frame
 * compared in the page with DCMTK's rendering. One page load for every file;
 * tests/conformance/corpus.test.ts runs the same files in Node.
 */

const corpus = await buildCorpus(DEFAULT_CORPUS_DIR);
const ROUTE = '/conformance-corpus/';

/** The worker chunk of this run's build (playwright.config.ts builds into DIST_DIR). */
function workerChunk(): string {
  const assets = join(process.env.DIST_DIR ?? 'dist', 'assets');
  const chunk = readdirSync(assets).find((file) => /^decodeWorker-.*\.js$/.test(file));
  if (!chunk) throw new Error(`no decodeWorker chunk in ${assets}`);
  return `/assets/${chunk}`;
}

interface PageJob {
  name: string;
  file: string;
  frames: Array<{ frame: number; reference: string | null }>;
}

function jobOf(entry: CorpusEntry): PageJob {
  return {
    name: entry.name,
    file: ROUTE + basename(entry.file),
    frames: framesToDecode(entry).map((frame) => {
      const reference = entry.references.find((r) => r.frame === frame);
      return { frame, reference: reference ? ROUTE + basename(reference.file) : null };
    }),
  };
}

// compare.ts's functions are self-contained: their source is what the page runs.
const COMPARE_SOURCE = [parsePnm, displayedSamples, pearson, compareFrame].map(String).join('\n');

test('every corpus file decodes in Chromium as DCMTK renders it, or is refused as expected', async ({ page }, testInfo) => {
  // The decoder does not depend on the user agent: one project is enough.
  test.skip(testInfo.project.name !== 'phone', 'runs in the phone project only');
  test.setTimeout(90_000);
  const files = new Map(corpus.flatMap((entry) => [entry.file, ...entry.references.map((r) => r.file)]).map((file) => [basename(file), file]));
  await page.route(`**${ROUTE}*`, (route) => {
    const file = files.get(decodeURIComponent(basename(new URL(route.request().url()).pathname)));
    return file ? route.fulfill({ body: readFileSync(file) }) : route.fulfill({ status: 404 });
  });
  // A page of the sandbox that stays put (the app's routes redirect), under its policy.
  const opened = await page.goto('/config.json');
  expect(opened?.headers()['content-security-policy']).toContain("'wasm-unsafe-eval'");
  // Defined through DevTools, as a console line would be: the page's policy allows no eval.
  await page.evaluate(`globalThis.conformance = (() => { ${COMPARE_SOURCE}\nreturn { compareFrame, parsePnm }; })()`);

  const outcomes = await page.evaluate(
    async ({ jobs, worker }) => {
      const { compareFrame: compare, parsePnm: parse } = (globalThis as unknown as { conformance: { compareFrame: typeof compareFrame; parsePnm: typeof parsePnm } }).conformance;
      const decoder = new Worker(worker, { type: 'module', name: 'conformance' });
      let nextId = 1;
      const decode = (bytes: ArrayBuffer, frameIndex: number) =>
        new Promise<{ ok: true; decoded: { frame: unknown } } | { ok: false; problem: string | null; message: string }>((resolve) => {
          const id = nextId++;
          const listener = (event: MessageEvent<{ id: number }>) => {
            if (event.data.id !== id) return;
            decoder.removeEventListener('message', listener);
            resolve(event.data as never);
          };
          decoder.addEventListener('message', listener);
          // A worker that fails to start (a chunk or the policy) answers nothing: say so instead of waiting.
          decoder.addEventListener('error', (event) => resolve({ ok: false, problem: null, message: `worker error: ${event.message}` }), { once: true });
          decoder.postMessage({ id, bytes, frameIndex });
        });
      const results: Record<string, unknown> = {};
      for (const job of jobs) {
        const bytes = await (await fetch(job.file)).arrayBuffer();
        const frames = [];
        let refused = null;
        for (const { frame, reference } of job.frames) {
          const answer = await decode(bytes, frame);
          if (!answer.ok) {
            refused = { decoded: false, problem: answer.problem, message: answer.message };
            break;
          }
          if (reference) frames.push({ frame, ...compare(answer.decoded.frame as Parameters<typeof compareFrame>[0], parse(new Uint8Array(await (await fetch(reference)).arrayBuffer()))) });
        }
        results[job.name] = refused ?? { decoded: true, frames };
      }
      decoder.terminate();
      return results;
    },
    { jobs: corpus.map(jobOf), worker: workerChunk() },
  );

  const wrong = corpus.flatMap((entry) => {
    const problem = verdict(entry, outcomes[entry.name] as Outcome);
    if (entry.expectedToFail?.in.includes('chromium')) return problem ? [] : [`${entry.name}: passes now; take it out of EXPECTED_TO_FAIL`];
    return problem ? [`${entry.name}: ${problem}`] : [];
  });
  expect(wrong).toEqual([]);
});
