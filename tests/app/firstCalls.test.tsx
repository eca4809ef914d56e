/**
 * The reads each main screen makes as it opens are sent as the app starts (src/app/firstCalls.ts,
 * issue 26: two round trips to content). They must be the screen's own calls exactly: here each
 * screen opens with them prefetched, every one is taken by the screen, and none goes out twice. A
 * screen whose calls drift from the table fails here (its call goes out again, or one is left).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firstCalls } from '../../src/app/firstCalls';
import { startPrefetch } from '../../src/shared/api/prefetch';
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
    ['/myStudyList', 'study-card'],
    ['/aiOrder', 'order-card'],
    ['/aiOrder?tab=toBePaid', 'order-card'],
    ['/imageStore?id=8', 'storage-until'],
    ['/imageStore', 'storage-study'],
    ['/index?id=7', 'storage-status'],
  ])('%s takes every prefetched answer, and asks nothing twice', async (address, content) => {
    server.use(
      http.get(`${API_BASE}V1.0/Image/CheckStorage`, () => HttpResponse.json(envelope({ studies: [storageStudy] }))),
      http.get(`${API_BASE}V1.0/Image/chargelist`, () => HttpResponse.json(envelope({ plans }))),
    );
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => void (request.method === 'GET' && asked.push(request.url)));
    const url = new URL(address, 'http://localhost');
    const calls = firstCalls(routeByPath(url.pathname)!.name, url.search);
    expect(calls.length).toBeGreaterThan(0);
    const prefetched = startPrefetch({ baseURL: API_BASE, calls, headers: { Authorization: 'Bearer t' } });
    renderApp(address, { prefetched });
    expect((await screen.findAllByTestId(content)).length).toBeGreaterThan(0);
    expect(prefetched.untaken()).toEqual([]);
    const twice = asked.filter((u, i) => asked.indexOf(u) !== i);
    expect(twice).toEqual([]);
    server.events.removeAllListeners();
  });

  it('asks nothing early where no screen reads first (the hub, the error page)', () => {
    expect(firstCalls('index', '')).toEqual([]);
    expect(firstCalls('error', '?code=500')).toEqual([]);
  });
});
