/**
 * A report the patient understands (issue 27 §1), on the film detail: the words of the glossary
 * are a tap away from their plain meaning and a question for the doctor; a summary card lists the
 * impression's items in plain words; an item the AI located opens the viewer on that finding.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();

const FINDINGS = '右肺上叶见一枚实性结节，直径约4mm，边界清。双侧胸腔未见积液。';
const IMPRESSION = '1. 右肺上叶实性小结节（约4mm），Lung-RADS 2类，建议年度复查。2. 未见胸腔积液。';

function serveReport(findings = FINDINGS, impression = IMPRESSION) {
  server.use(
    http.get(`${API_BASE}V1.0/Report/detail`, () =>
      HttpResponse.json(envelope({ status: 2, checkType: 'CT', findings, impression, reportedBy: '赵明', reportedAt: '2026-11-18T11:00:00+08:00', reviewedBy: null, reviewedAt: null })),
    ),
  );
}

function serveAiFinding(label: string) {
  const mark = { seriesUid: '1.2.3.9.1', sopUid: '1.2.3.9.1.40', frame: 1, shape: 'box', x: 10, y: 20, width: 8, height: 8, label };
  server.use(
    http.get(`${API_BASE}V2.0/YJPIndex/ReportAiInfo`, () =>
      HttpResponse.json(
        envelope({
          orders: [{ orderId: 'o-1', item: '肺结节AI分析', status: 3, checkWay: 2, summary: null }],
          findings: [
            { ...mark, findingId: 'other', label: '钙化 2mm', sopUid: '1.2.3.9.1.10' },
            { ...mark, findingId: 'nodule-1' },
          ],
        }),
      ),
    ),
  );
}

async function openReport(locale: 'en' | 'zh-CN' = 'en') {
  renderApp('/index?id=7', { locale });
  return screen.findByTestId('film-report').then(async (section) => {
    await within(section).findByTestId('report-impression');
    return section;
  });
}

describe('the words of a report, explained', () => {
  it('opens the plain meaning of a tapped word, with a question for the doctor, and closes it with Escape, back on the word', async () => {
    serveReport();
    const report = await openReport();
    const word = within(within(report).getByTestId('report-findings')).getAllByTestId('report-term').find((term) => term.textContent === '结节')!;
    expect(word).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(word);
    const sheet = screen.getByRole('dialog', { name: 'Nodule' });
    expect(sheet).toHaveTextContent('In the report: 结节');
    expect(within(sheet).getByTestId('term-sheet-plain')).toHaveTextContent('A small, roundish spot');
    expect(within(sheet).getByTestId('term-sheet-ask')).toHaveTextContent('Ask your doctorDoes this nodule need a follow-up scan, and when?');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('term-sheet')).toBeNull();
    expect(word).toHaveFocus();
  });

  it('keeps the doctor\'s words as written around the words it explains', async () => {
    serveReport();
    const report = await openReport();
    expect(within(report).getByTestId('report-findings')).toHaveTextContent(FINDINGS);
    expect(within(report).getByTestId('report-impression')).toHaveTextContent(IMPRESSION);
    expect(within(report).getByTestId('report-terms-hint')).toHaveTextContent('Tap an underlined word');
  });

  it("sums the impression up in plain words: what each item names, its size and category, what it rules out", async () => {
    serveReport();
    const report = await openReport();
    const items = within(within(report).getByTestId('report-plain')).getAllByTestId('report-plain-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Nodule');
    expect(items[0]).toHaveTextContent('A small, roundish spot that looks different from the tissue around it.');
    expect(items[0]).toHaveTextContent('Size: 4mm');
    expect(within(items[0]!).getByTestId('report-plain-category')).toHaveTextContent('Lung-RADS 2: Benign appearance; the next yearly screening as usual.');
    expect(items[1]).toHaveTextContent('Not seen: Pleural effusion');
    expect(within(report).getByTestId('report-plain')).toHaveTextContent('it is not a diagnosis');
  });

  it('says so in Chinese for a Chinese reader', async () => {
    serveReport();
    const report = await openReport('zh-CN');
    const summary = within(report).getByTestId('report-plain');
    expect(within(summary).getByRole('heading', { name: '通俗解读' })).toBeInTheDocument();
    expect(summary).toHaveTextContent('Lung-RADS 2：良性表现，按常规每年筛查。');
    expect(summary).toHaveTextContent('未见：胸腔积液');
    await userEvent.click(within(summary).getByRole('button', { name: '结节' }));
    expect(screen.getByRole('dialog', { name: '结节' })).toHaveTextContent('这个结节需要复查吗？什么时候复查？');
  });

  it('opens the viewer on the finding the AI located for an item, not on the first finding', async () => {
    serveReport();
    serveAiFinding('结节 4.0mm');
    const report = await openReport();
    const link = await within(report).findByTestId('report-plain-images');
    const viewer = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(viewer.pathname).toBe('/cloudFilm');
    expect(viewer.searchParams.get('finding')).toBe('nodule-1');
    expect(viewer.searchParams.get('showAi')).toBe('true');
    expect(within(report).getAllByTestId('report-plain-images')).toHaveLength(1);
  });

  it('offers no way to the images where the AI marked nothing of the kind an item names', async () => {
    serveReport();
    serveAiFinding('囊肿');
    const report = await openReport();
    await waitFor(() => expect(screen.getByTestId('film-ai')).toBeInTheDocument());
    expect(within(report).queryByTestId('report-plain-images')).toBeNull();
  });

  it('shows no summary for an impression it cannot read, and never invents one', async () => {
    serveReport('所见如上。', '请结合临床。');
    const report = await openReport();
    expect(within(report).queryByTestId('report-plain')).toBeNull();
    expect(within(report).queryByTestId('report-terms-hint')).toBeNull();
  });

  it('says a normal study is normal', async () => {
    serveReport('双肺纹理清晰。', '未见明显异常。');
    const report = await openReport();
    expect(within(report).getByTestId('report-plain')).toHaveTextContent('Nothing abnormal was seen here.');
  });
});
