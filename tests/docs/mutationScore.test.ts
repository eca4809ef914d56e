// @vitest-environment node
/**
 * The mutation score in docs/testing.md (written by `npm run test:mutation`) covers what is there
 * to cover: every chart folder of machines/ has its row in the table and its name in the list of
 * charts covered, and the section names the commit it was measured on. A chart added since the
 * last run fails here until the run is made again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MARK_END, MARK_START } from '../../scripts/mutation/report';

const repoRoot = join(import.meta.dirname, '..', '..');
const page = readFileSync(join(repoRoot, 'docs/testing.md'), 'utf8');
const section = page.slice(page.indexOf(MARK_START), page.indexOf(MARK_END));
/**
 * Not measured yet, and said so (docs/testing.md, "What the score does not cover yet"): charts and
 * modules waiting for the next full run. A chart or module named here must have no row (a run
 * that measures it removes it from this list); any other must have its row, so a new chart can
 * never be left out unnoticed.
 */
const AWAITING_RUN = new Set<string>(['compare']);
const hasRow = (path: string) => new RegExp(`^\\| \`${path.replace(/[.]/g, '\\.')}`, 'm').test(section);

const charts = readdirSync(join(repoRoot, 'machines'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('the mutation score in docs/testing.md', () => {
  it('is there, between its markers', () => {
    expect(page.indexOf(MARK_START)).toBeGreaterThan(-1);
    expect(page.indexOf(MARK_END)).toBeGreaterThan(page.indexOf(MARK_START));
  });

  it('names the commit it was measured on', () => {
    expect(section).toMatch(/of commits? `[0-9a-f]{7,40}/);
  });

  it.each(charts)('covers the chart in machines/%s/: a row in the table and a name in the list', (chart) => {
    if (AWAITING_RUN.has(chart)) {
      expect(hasRow(`machines/${chart}/`), `machines/${chart}/ has been measured: take it off AWAITING_RUN`).toBe(false);
      expect(page, 'the page says which charts are not measured yet').toContain(`\`${chart}\``);
      return;
    }
    expect(section, `no row for machines/${chart}/ in the score table: run \`npm run test:mutation\``).toMatch(new RegExp(`^\\| \`machines/${chart}/`, 'm'));
    const list = /^Charts covered \(\d+\): (.*)\.$/m.exec(section)?.[1] ?? '';
    expect(list.split(', '), `machines/${chart}/ is not in the list of charts covered`).toContain(`\`${chart}\``);
  });

  it('covers the modules beside the charts: the rules, the error catalogue, the message lookup, the API client, the audit code', () => {
    for (const module of ['src/shared/rules/', 'src/shared/api/errorCatalogue.ts', 'src/shared/api/client.ts', 'src/shared/i18n/translate.ts', 'src/shared/audit/', 'server/repositories/serverAudit.ts', 'server/orderTrail.ts']) {
      expect(hasRow(module), module).toBe(!AWAITING_RUN.has(module));
    }
  });
});
