/**
 * What arrives late holds its place (issue 26: CLS <= 0.02): the official account's QR code on the
 * error page until the hospital's setting arrives, and the study's department on the film detail
 * until the department names do.
 */
import { act, screen, within } from '@testing-library/react';
import { delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { API_BASE, envelope, hospitalSetting } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();

describe('late content holds its place', () => {
  it("the error page keeps the QR code's place until the hospital's setting says what goes there", async () => {
    const app = renderApp('/error?code=500');
    const service = await screen.findByTestId('customer-service');
    expect(within(service).getByTestId('qr-placeholder')).toBeInTheDocument();
    expect(within(service).queryByRole('img')).toBeNull();
    act(() => app.services.store.update({ hospitalSetting }));
    expect(within(service).getByRole('img')).toHaveAttribute('src', hospitalSetting.officialAccountQrUrl);
    expect(within(service).queryByTestId('qr-placeholder')).toBeNull();
  });

  it("the film detail shows the department's line while the names are on their way, then the name", async () => {
    let answer!: () => void;
    const arrived = new Promise<void>((resolve) => (answer = resolve));
    server.use(http.get(`${API_BASE}V1.0/Common/DeptNames`, async () => (await arrived, await delay(0), HttpResponse.json(envelope([{ code: 'CT', name: '放射科CT室' }])))));
    renderApp('/index?id=7');
    const study = await screen.findByTestId('film-study');
    const lines = () => within(study).getAllByRole('definition').length;
    const before = lines();
    expect(within(study).getByText('Department')).toBeInTheDocument();
    answer();
    expect(await within(study).findByText('Radiology CT room')).toBeInTheDocument();
    expect(lines()).toBe(before);
  });
});
