// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildCorpus, DEFAULT_CORPUS_DIR } from '../../scripts/conformance/corpus';
import { decodeInNode, verdict } from '../../scripts/conformance/outcome';

/**
 * The conformance corpus (scripts/conformance/manifest.ts: files nobody here encoded) through the
 * viewer's decoder in Node, each frame compared with DCMTK's rendering by correlation, each
 * refusal with its problem. e2e/conformance.spec.ts runs the same files in Chromium's workers.
 */

const corpus = await buildCorpus(DEFAULT_CORPUS_DIR);

describe('conformance corpus, decoded in Node', () => {
  it('holds third-party files of every kind the table names', () => {
    expect(corpus.length).toBeGreaterThan(60);
    expect(new Set(corpus.map((entry) => entry.transferSyntaxUid)).size).toBeGreaterThanOrEqual(13);
  });

  for (const entry of corpus) {
    // A file listed in EXPECTED_TO_FAIL must still fail; once it passes, its line goes.
    const test = entry.expectedToFail?.in.includes('node') ? it.fails : it;
    // One large RGB JPEG lossless file takes 11 s alone; more on a busy machine.
    test(`${entry.name} (${entry.made})`, async () => {
      expect(verdict(entry, await decodeInNode(entry))).toBeNull();
    }, 60_000);
  }
});
