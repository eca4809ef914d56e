import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();
afterEach(() => sessionStorage.clear());

const captcha = { captchaId: 'c-1', image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresInSeconds: 120 };

describe('collecting by name and phone: the name follows the shared text rule (issue 22)', () => {
  it('refuses a name with a hidden direction character before anything is sent, saying why', async () => {
    const lookups: string[] = [];
    server.use(
      http.get(`${API_BASE}V1.0/Package/imagecode`, () => HttpResponse.json(envelope(captcha))),
      http.get(`${API_BASE}V1.0/Report/PatientPhone`, ({ request }) => (lookups.push(request.url), HttpResponse.json(envelope({ phoneMasked: '137****1111', studyCount: 3 })))),
      http.post(`${API_BASE}v2/ReportCheck/sendcode`, ({ request }) => (lookups.push(request.url), HttpResponse.json(envelope(null)))),
    );
    renderApp('/newCheck', { session: 'signedOut' });
    await userEvent.click(await screen.findByTestId('collect-method-namePhone'));
    fireEvent.change(screen.getByTestId('collect-name'), { target: { value: '李\u202E娜' } });
    await userEvent.type(screen.getByTestId('collect-phone'), '13700001111');
    await screen.findByAltText('Picture code');
    await userEvent.type(screen.getByTestId('collect-captchaText'), 'K7WP');
    await userEvent.click(screen.getByTestId('collect-send'));
    expect(await screen.findByTestId('collect-problem')).toHaveTextContent('without hidden control or text-direction characters');
    expect(screen.getByTestId('collect-name')).toHaveAttribute('aria-invalid', 'true');
    expect(lookups).toEqual([]);
  });
});
