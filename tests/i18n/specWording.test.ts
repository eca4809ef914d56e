// @vitest-environment node
/**
 * The specification's messages, word for word, in both languages: every row of the error
 * catalogue (spec section 8), the dialogs (section 5) and the list and stop-page texts (section 2).
 *
 * The specification gives each message in English only, as the words between quotes (or, for the
 * pay outcomes and the dialog buttons, as a list): the English catalogue must say those words, in
 * that order (case and punctuation aside), and the words are read from the specification itself,
 * so a change on either side fails here. The Chinese text is the product's own (the specification's
 * English is its translation): it is pinned here character for character, so a change to it is a
 * decision made in this file, not a slip in src/shared/i18n/zh-CN.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/shared/api/endpoints';
import { outcomeFor } from '../../src/shared/api/errorCatalogue';
import { en } from '../../src/shared/i18n/en';
import { createTranslate, type MessageKey } from '../../src/shared/i18n/translate';
import { zhCN } from '../../src/shared/i18n/zh-CN';

/** The specification beside the project (`../shared/spec/`), from wherever the tests run (Stryker's sandbox is deeper). */
function findSpec(): string {
  for (let dir = fileURLToPath(new URL('../..', import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, '..', 'shared', 'spec', 'product-spec.md');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error('no ../shared/spec/product-spec.md above the project');
  }
}
const SPEC = findSpec();
const spec = readFileSync(SPEC, 'utf8');

/** The text of a section, from its heading to the next heading of the same or a higher level. */
function section(heading: string): string {
  const start = spec.indexOf(heading);
  if (start === -1) throw new Error(`the specification has no "${heading}"`);
  const level = /^#+/.exec(heading)![0];
  const rest = spec.slice(start + heading.length);
  const next = rest.search(new RegExp(`\\n#{1,${level.length}} `));
  return next === -1 ? rest : rest.slice(0, next);
}

/** Section 8's rows: situation → behaviour. */
const catalogueRows = new Map(
  section('## 8. The error catalogue')
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('|---') && !line.startsWith('| Situation'))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map((cells) => [cells[1]!, cells[2]!] as const),
);

const quoted = (text: string): string[] => [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
const words = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

function row(situation: string): string {
  const behaviour = catalogueRows.get(situation);
  if (behaviour === undefined) throw new Error(`spec section 8 has no row "${situation}"`);
  return behaviour;
}
function onlyQuote(text: string): string {
  const [quote, ...more] = quoted(text);
  if (quote === undefined || more.length > 0) throw new Error(`expected one quoted message in "${text}"`);
  return quote;
}

interface Wording {
  /** Where the specification gives it. */
  where: string;
  /** The specification's English words. */
  spec: string;
  key: MessageKey;
  /** The product's Chinese text, pinned. */
  zh: string;
}

const payOutcomes = /^Messages: (.+)$/.exec(row('Pay outcomes'))![1]!.split(', ');
const cancelConfirmation = /\*\*Cancel confirmation:\*\* "([^"]+)", with buttons (.+) and (.+)\./.exec(section('## 5. Validation rules'))!;
const h5Pay = /\*\*H5 pay:\*\* asks whether payment is complete, with buttons (.+) and (.+)\./.exec(section('## 5. Validation rules'))!;
const [noMore, noData] = quoted(/The end text is .+$/m.exec(section('### AI order list'))![0]);

const WORDINGS: readonly Wording[] = [
  { where: '§8 Network Error', spec: onlyQuote(row('Network Error')), key: 'error.network', zh: '网络连接超时，请稍后再试' },
  { where: '§8 Order list failure', spec: onlyQuote(row('Order list failure')), key: 'error.listFailed', zh: '网络异常，请稍后再试' },
  { where: '§8 Cancel success', spec: onlyQuote(row('Cancel success')), key: 'toast.operationSucceeded', zh: '操作成功' },
  { where: '§8 AI detail missing', spec: onlyQuote(row('AI detail missing')), key: 'toast.messageLost', zh: '申请信息丢失' },
  { where: '§8 Pay outcomes, paid', spec: payOutcomes[0]!, key: 'payment.succeeded', zh: '支付成功' },
  { where: '§8 Pay outcomes, cancelled', spec: payOutcomes[1]!, key: 'payment.cancelled', zh: '您取消了支付' },
  { where: '§8 Pay outcomes, failed', spec: payOutcomes[2]!, key: 'payment.failed', zh: '支付失败' },
  { where: '§8 Messaging SDK config error', spec: onlyQuote(row('Messaging SDK config error')), key: 'wechat.registrationFailed', zh: 'ios注册失败' },
  { where: '§5 Cancel confirmation', spec: cancelConfirmation[1]!, key: 'aiOrder.cancelConfirm', zh: '确认取消该订单吗？' },
  { where: '§5 Cancel confirmation, first button', spec: cancelConfirmation[2]!, key: 'aiOrder.confirmCancel', zh: '确认取消' },
  { where: '§5 Cancel confirmation, second button', spec: cancelConfirmation[3]!, key: 'aiOrder.thinkAgain', zh: '再想想' },
  { where: '§5 H5 pay, first button', spec: h5Pay[1]!, key: 'payment.paid', zh: '已支付' },
  { where: '§5 H5 pay, second button', spec: h5Pay[2]!, key: 'payment.notPaid', zh: '未支付' },
  { where: '§2 AI order list, end text', spec: noMore!, key: 'list.noMore', zh: '没有更多了' },
  { where: '§2 AI order list, empty result', spec: noData!, key: 'list.noData', zh: '暂无数据' },
  { where: '§2 Stopped page heading', spec: onlyQuote(section('### Stopped page')), key: 'stop.heading', zh: '无法访问' },
];

/**
 * The rows of section 8 that show no message of the catalogue's own, with what they show: this
 * file's table and section 8 together name every row, so a row the specification gains fails here.
 */
const NO_CATALOGUE_TEXT: Readonly<Record<string, string>> = {
  'statusCode 7001 on the study and report calls': "the server's message (tests/api/errorCatalogue.test.ts)",
  'Other non-200 statusCode on those two calls': "the server's message (tests/api/errorCatalogue.test.ts)",
  'HTTP 401': 'no message: the sign-in page (tests/session/sessionService.test.ts)',
  'Cancel with non-200': "the server's msg (tests/machines/confirmedAction.machine.test.ts)",
  'Film detail non-200': "the server's message (tests/api/errorCatalogue.test.ts)",
};

describe("the specification's messages, word for word", () => {
  it('every row of the error catalogue is either worded here or shows no text of the catalogue', () => {
    const worded = new Set(WORDINGS.filter((w) => w.where.startsWith('§8')).map((w) => w.where.slice(3).split(',')[0]!));
    for (const situation of catalogueRows.keys()) {
      expect(worded.has(situation) || situation in NO_CATALOGUE_TEXT, `spec §8 row "${situation}"`).toBe(true);
    }
    expect([...catalogueRows.keys()]).toHaveLength(worded.size + Object.keys(NO_CATALOGUE_TEXT).length);
  });

  it.each(WORDINGS)("$where: the English says the specification's words, the Chinese is the product's ($key)", ({ spec: words_, key, zh }) => {
    expect(words(en[key])).toEqual(words(words_));
    expect(zhCN[key]).toBe(zh);
    // What the patient reads is the catalogue's text, through the lookup.
    expect(createTranslate('en')(key)).toBe(en[key]);
    expect(createTranslate('zh-CN')(key)).toBe(zh);
  });

  it('the error catalogue shows those messages for its rows: a network error, an order list that failed', () => {
    expect(outcomeFor(ENDPOINTS.package.HospitalStudyList, { kind: 'network' })).toMatchObject({ to: 'error', messageKey: 'error.network', network: true });
    expect(outcomeFor(ENDPOINTS.ai.OrderList, { kind: 'network' })).toMatchObject({ to: 'error', messageKey: 'error.listFailed', network: true });
    expect(outcomeFor(ENDPOINTS.ai.OrderList, { kind: 'http', status: 502 })).toMatchObject({ to: 'error', messageKey: 'error.listFailed' });
  });
});
