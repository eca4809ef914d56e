// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLOW_TEST_FILE, coveredBy, flowsOf } from '../../scripts/flows/flowCatalogue';
import { flowSpecs } from '../../scripts/flows/flowDocs';
import { FLOW_DOCS_DIR, flowDocsProblems, generateFlowDocs } from '../../scripts/flows';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

describe('the flow catalogue in docs/flows', () => {
  it('is what the generator makes from the machines now, with no other files (else: npm run flows)', async () => {
    expect(await flowDocsProblems()).toEqual([]);
  });

  it.each(flowSpecs.map((spec) => [spec.name, spec] as const))('%s: every flow it lists names the test that replays it', async (_name, spec) => {
    const path = `${FLOW_DOCS_DIR}/${spec.name}.md`;
    expect((await generateFlowDocs()).has(path)).toBe(true);
    const cited = [...read(path).matchAll(new RegExp(`\`(${FLOW_TEST_FILE} › [^\`]+)\``, 'g'))].map((match) => match[1]);
    // tests/machines/flows.test.ts checks, in each of these tests, that its name is the one cited.
    expect(cited).toEqual(flowsOf(spec).map((flow) => coveredBy(spec, flow)));
  });
});
