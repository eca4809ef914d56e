import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, envelope, hospitalSetting } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();

const requested: string[] = [];
const track = (path: string, answer: () => Response) =>
  http.get(`${API_BASE}${path}`, ({ request }) => {
    requested.push(`${path}?${new URL(request.url).searchParams.toString()}`);
    return answer();
  });

describe('film detail (index with a film id)', () => {
  it('shows the hospital, the patient, the study, the images, the report, storage and the entries', async () => {
    const app = renderApp('/index?id=7');
    app.services.store.update({ hospitalSetting });
    const page = await screen.findByTestId('film-detail');
    const study = within(page).getByTestId('film-study');
    expect(study).toHaveTextContent('云胶片示范医院');
    expect(study).toHaveTextContent('李娜');
    expect(within(study).getByRole('heading', { name: 'Chest CT non-contrast' })).toBeInTheDocument();
    expect(study).toHaveTextContent('2026-11-18 09:30');
    await waitFor(() => expect(study).toHaveTextContent('Radiology CT room'));
    const open = within(page).getByTestId('film-open-viewer');
    const viewer = new URL(open.getAttribute('href')!, 'http://localhost');
    expect(viewer.pathname).toBe('/cloudFilm');
    expect(Object.fromEntries(viewer.searchParams)).toEqual({ wadourl: 'http://localhost/sandbox/wado', studyuid: '1.2.3.7', hospid: 'DEMO001' });
    expect(within(page).getByTestId('film-series')).toHaveAttribute('href', expect.stringContaining('series=1.2.3.9.1'));
    const report = await within(page).findByTestId('report-findings');
    expect(report).toHaveTextContent('双肺纹理清晰。');
    expect(within(page).getByTestId('report-impression')).toHaveTextContent('未见明显异常。');
    expect(within(page).getByTestId('film-report')).toHaveTextContent('Final');
    expect(await within(page).findByTestId('storage-status')).toHaveTextContent('Images kept until 2027-05-17 (175 days left)');
    // The fixture hospital switches paid storage off (tests/msw/fixtures.ts).
    expect(within(page).queryByTestId('film-buy-storage')).toBeNull();
    expect(within(page).getByTestId('film-apply-ai')).toHaveAttribute('href', '/aiApply?id=7');
    expect(within(page).getByTestId('film-download')).toHaveAttribute('href', '/downloadFilm?id=7');
  });

  it.each(['UTC', 'America/New_York'])("on a phone set to %s, shows the report signed after the exam: every time on the hospital's clock (decisions.md)", async (phoneZone) => {
    const before = process.env.TZ;
    process.env.TZ = phoneZone;
    try {
      // The phone's own clock really is elsewhere: 2026-11-18 11:00 in Shanghai is not 11:00 here.
      expect(new Date('2026-11-18T11:00:00+08:00').getHours()).not.toBe(11);
      renderApp('/index?id=7');
      const page = await screen.findByTestId('film-detail');
      // The exam: 2026-11-18 09:30 as the hospital wrote it (tests/msw/handlers.ts).
      expect(within(page).getByTestId('film-study')).toHaveTextContent('2026-11-18 09:30');
      // The report: signed 2026-11-18T11:00:00+08:00, reviewed 12:00+08:00: after the exam, not 03:00 or 22:00 the day before.
      await within(page).findByTestId('report-findings');
      const signed = within(page).getByTestId('report-signed');
      expect(signed).toHaveTextContent('2026-11-18 11:00');
      expect(signed).toHaveTextContent('2026-11-18 12:00');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('shows every entry when the hospital switches everything on', async () => {
    const app = renderApp('/index?id=7');
    app.services.store.update({ hospitalSetting: { ...hospitalSetting, modules: {} } });
    await screen.findByTestId('storage-status');
    for (const entry of ['film-download', 'film-share', 'film-apply-ai', 'film-consult', 'film-buy-storage', 'film-sheets-link']) {
      expect(screen.getByTestId(entry)).toBeInTheDocument();
    }
  });

  it('says a report has not been synced, when it was last checked, and shows it once "check again" finds it', async () => {
    let arrived = false;
    server.use(
      http.get(`${API_BASE}V1.0/Report/detail`, () => HttpResponse.json(envelope(arrived ? { status: 1, findings: '所见', impression: '意见' } : { status: 0 }))),
      track('V1.0/Report/GetSyncReportStatus', () => HttpResponse.json(envelope({ synced: arrived, lastSyncAt: '2026-11-23T10:30:00+08:00' }))),
    );
    renderApp('/index?id=9');
    expect(await screen.findByTestId('report-pending')).toHaveTextContent('has not sent this report');
    expect(screen.getByTestId('report-last-check')).toHaveTextContent('2026-11-23');
    expect(requested).toContain('V1.0/Report/GetSyncReportStatus?CollectId=9');
    arrived = true;
    await userEvent.click(screen.getByTestId('report-check-again'));
    expect(await screen.findByTestId('report-findings')).toHaveTextContent('所见');
    expect(screen.getByTestId('film-report')).toHaveTextContent('Preliminary');
  });

  it('keeps the study and report when storage and AI cannot load, and loads them on "try again"', async () => {
    let down = true;
    server.use(http.get(`${API_BASE}V2.0/YJPIndex/StorageInfo`, () => (down ? HttpResponse.error() : HttpResponse.json(envelope({ stored: false, expireDate: '2026-10-01', daysLeft: 0, canBuy: true })))));
    const app = renderApp('/index?id=7');
    const failed = await screen.findByTestId('film-extras-failed');
    expect(screen.getByTestId('report-findings')).toBeInTheDocument();
    expect(app.location()).toBe('/index?id=7');
    down = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('storage-status')).toHaveTextContent('Images expired on 2026-10-01');
  });

  it('shows the AI analyses, each opening its own result, and opens the viewer with the AI overlay', async () => {
    server.use(
      http.get(`${API_BASE}V2.0/YJPIndex/ReportAiInfo`, () =>
        HttpResponse.json(envelope({
          orders: [{ orderId: 'AI1', item: '肺结节AI分析', status: 3, checkWay: 2, summary: '右肺上叶结节' }],
          findings: [
            ...['o1', 'o2', 'o3'].map((sopUid) => ({ findingId: 'n1', seriesUid: 's', sopUid, frame: 1, shape: 'box', x: 1, y: 2, width: 3, height: 4, label: '结节' })),
            { findingId: 'n1', seriesUid: 's', sopUid: 'o2', frame: 1, shape: 'mark', x: 2, y: 4, label: '结节' },
          ],
        })),
      ),
    );
    renderApp('/index?id=7');
    const ai = await screen.findByTestId('film-ai');
    // One nodule, boxed on three slices: one finding, as the AI's text says.
    expect(within(ai).getByTestId('film-ai-viewer')).toHaveTextContent('See the AI finding (1)');
    expect(within(ai).queryByTestId('film-ai-nothing')).toBeNull();
    expect(ai).toHaveTextContent('Lung nodule AI analysis');
    expect(ai).toHaveTextContent('Analysis succeeded');
    const link = new URL(within(ai).getByTestId('film-ai-viewer').getAttribute('href')!, 'http://localhost');
    expect(link.searchParams.get('showAi')).toBe('true');
    expect(link.searchParams.get('result')).toBe('2');
    expect(link.searchParams.get('checkWay')).toBe('2');
    expect(within(ai).getByTestId('film-ai-order')).toHaveAttribute('href', '/aiResult?id=7&orderId=AI1');
  });

  it('an analysis that found nothing says so where the patient lands, with no link to empty marks', async () => {
    server.use(
      http.get(`${API_BASE}V2.0/YJPIndex/ReportAiInfo`, () =>
        HttpResponse.json(envelope({ orders: [{ orderId: 'AI2', item: '骨折AI筛查', status: 3, checkWay: 2, summary: '未见明确骨折征象。' }], findings: [] })),
      ),
    );
    renderApp('/index?id=7');
    const ai = await screen.findByTestId('film-ai');
    expect(within(ai).getByTestId('film-ai-nothing')).toHaveTextContent('The AI found nothing to mark on the images.');
    expect(within(ai).queryByTestId('film-ai-viewer')).toBeNull();
  });

  describe('the printed report', () => {
    afterEach(() => vi.restoreAllMocks());
    const printed = (pages: object[]) => {
      const asked: string[] = [];
      server.use(
        http.get(`${API_BASE}V2.0/YJPIndex/ElectReport`, ({ request }) => {
          asked.push(new URL(request.url).search);
          return HttpResponse.json(envelope({ pages }));
        }),
      );
      return asked;
    };
    const page = { url: 'http://localhost/sandbox/report/7.svg', width: 1240, height: 1754, title: '胸部CT平扫报告' };

    it('is asked for only when the patient taps, and opens full screen to zoom, save to the phone or share', async () => {
      const asked = printed([page]);
      renderApp('/index?id=7');
      await screen.findByTestId('report-findings');
      expect(asked).toEqual([]);
      await userEvent.click(screen.getByTestId('report-printed'));
      const view = await screen.findByTestId('report-printed-view');
      expect(asked).toEqual(['?CollectId=7']);
      expect(within(view).getByRole('img')).toHaveAttribute('src', page.url);
      expect(within(view).getByTestId('zoom-save')).toHaveTextContent('Save to phone');
      expect(within(view).queryByTestId('zoom-long-press')).toBeNull();
      await userEvent.click(within(view).getByTestId('zoom-close'));
      expect(screen.queryByTestId('report-printed-view')).toBeNull();
    });

    it('in WeChat, which saves no file, says to press and hold the picture instead', async () => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) MicroMessenger/8.0.50');
      printed([page]);
      renderApp('/index?id=7');
      await userEvent.click(await screen.findByTestId('report-printed'));
      const view = await screen.findByTestId('report-printed-view');
      expect(within(view).getByTestId('zoom-long-press')).toHaveTextContent('Press and hold the picture');
      expect(within(view).queryByTestId('zoom-save')).toBeNull();
    });

    it('says so when the hospital has issued none yet', async () => {
      printed([]);
      renderApp('/index?id=7');
      await userEvent.click(await screen.findByTestId('report-printed'));
      expect(await screen.findByTestId('report-printed-none')).toHaveTextContent('has not issued a printed report');
    });
  });

  it('sends a study that does not exist to the error page with the server message', async () => {
    server.use(http.get(`${API_BASE}V1.0/Package/HospitalStudyImageList`, () => HttpResponse.json(envelope(null, 404, '影像不存在'))));
    const app = renderApp('/index?id=404');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/error'));
    expect(await screen.findByTestId('status-text')).toHaveTextContent('影像不存在');
  });
});
