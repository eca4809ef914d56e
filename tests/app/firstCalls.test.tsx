/**
 * The reads each main screen makes as it opens are sent as the app starts (src/app/firstCalls.ts,
 * issue 26: two round trips to content). They must be the screen's own calls exactly: here each
 * screen opens with them prefetched, every one is taken by the screen, and none goes out twice. A
 * screen whose calls drift from the table fails here (its call goes out again, or one is left).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firstCalls } from '../../src/app/firstCalls';
import { callKey, startPrefetch } from '../../src/shared/api/prefetch';
import { routeByPath } from '../../src/shared/navigation/routes';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();

const storageStudy = { collectFilmId: '8', studyDescription: '胸部CT平扫', studyDate: '2026-05-02', modality: 'CT', state: 'expiring', expireDate: '2026-12-10', daysLeft: 17, canBuy: true, pendingOrderId: null };
const plans = [{ planId: 'y1', name: '1年', months: 12, charge: 30, originalCharge: null, recommended: false }];

describe('the first reads of each main screen, sent as the app starts', () => {
  it.each([
    ['/myStudyList', 'study-card', 0],
    ['/aiOrder', 'order-card', 0],
    ['/aiOrder?tab=toBePaid', 'order-card', 0],
    ['/imageStore?id=8', 'storage-until', 0],
    ['/imageStore', 'storage-study', 0],
    ['/index?id=7', 'storage-status', 0],
    ['/index?id=9', 'report-pending', 1],
  ])('%s takes every prefetched answer, and asks nothing twice', async (address, content, followUps) => {
    server.use(
      http.get(`${API_BASE}V1.0/Image/CheckStorage`, () => HttpResponse.json(envelope({ studies: [storageStudy] }))),
      http.get(`${API_BASE}V1.0/Image/chargelist`, () => HttpResponse.json(envelope({ plans }))),
      // Study 9's report is not written and not synced: the detail asks about the sync next, prefetched too.
      http.get(`${API_BASE}V1.0/Report/detail`, ({ request }) =>
        new URL(request.url).searchParams.get('CollectId') === '9' ? HttpResponse.json(envelope({ status: 0 })) : undefined,
      ),
      http.get(`${API_BASE}V1.0/Report/GetSyncReportStatus`, () => HttpResponse.json(envelope({ synced: false, lastSyncAt: '2026-11-23T10:30:00+08:00' }))),
    );
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => void (request.method === 'GET' && asked.push(request.url)));
    const url = new URL(address, 'http://localhost');
    const calls = firstCalls(routeByPath(url.pathname)!.name, url.search);
    expect(calls.length).toBeGreaterThan(0);
    const prefetched = startPrefetch({ baseURL: API_BASE, calls, headers: { Authorization: 'Bearer t' } });
    const taken: string[] = [];
    const take: typeof prefetched.take = (endpoint, params) => {
      const answer = prefetched.take(endpoint, params);
      if (answer) taken.push(callKey(endpoint, params));
      return answer;
    };
    renderApp(address, { prefetched: { ...prefetched, take } });
    expect((await screen.findAllByTestId(content)).length).toBeGreaterThan(0);
    expect(prefetched.untaken()).toEqual([]);
    // A read that follows another (the film detail's sync check after a report not written) is taken too, where the screen makes it.
    expect(taken).toHaveLength(calls.filter((call) => !call.after).length + followUps);
    const twice = asked.filter((u, i) => asked.indexOf(u) !== i);
    expect(twice).toEqual([]);
    server.events.removeAllListeners();
  });

  it('asks nothing early where no screen reads first (the hub, the error page)', () => {
    expect(firstCalls('index', '')).toEqual([]);
    expect(firstCalls('error', '?code=500')).toEqual([]);
  });
});
