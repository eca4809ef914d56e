import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HELP_CODES } from '../../src/shared/api/helpSchemas';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

startMswServer();

const article = {
  questionId: 'collect-qr',
  typeId: 'collect',
  typeName: 'Collecting and viewing',
  title: 'Scanning the QR code shows an error',
  paragraphs: ['Make sure the code is this hospital\'s.', 'Or confirm who you are instead.'],
  updatedAt: '2026-10-12',
  related: [{ questionId: 'collect-sms', title: 'Why no text message?' }],
};

describe('the help centre (help, helpDetail), public', () => {
  it('lists the questions by type in the patient\'s language, and a question opens its article', async () => {
    const asked: Array<string | null> = [];
    server.use(
      http.get(`${API_BASE}V1.0/HelpSupport/QuestionTypes`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('lang'));
        return HttpResponse.json(envelope([{ typeId: 'collect', name: 'Collecting and viewing', questions: [{ questionId: 'collect-qr', title: article.title }] }]));
      }),
      http.get(`${API_BASE}V1.0/HelpSupport/QuestionInfo`, () => HttpResponse.json(envelope(article))),
    );
    const app = renderApp('/help', { session: 'signedOut' });
    expect(await screen.findByTestId('help-type')).toHaveTextContent('Collecting and viewing');
    expect(asked).toEqual(['en']);
    await userEvent.click(screen.getByTestId('help-question'));
    await waitFor(() => expect(app.location()).toBe('/helpDetail?id=collect-qr'));
    const shown = await screen.findByTestId('help-article');
    expect(shown).toHaveTextContent('Or confirm who you are instead.');
    expect(shown).toHaveTextContent('Updated 2026-10-12');
    expect(screen.getByTestId('help-related')).toHaveAttribute('href', '/helpDetail?id=collect-sms');
    expect(app.session.signIn).not.toHaveBeenCalled();
  });

  it('an article that no longer exists says so, with the way back to all help, not the error page', async () => {
    server.use(http.get(`${API_BASE}V1.0/HelpSupport/QuestionInfo`, () => HttpResponse.json({ statusCode: HELP_CODES.questionNotFound, message: '该问题不存在', result: null })));
    renderApp('/helpDetail?id=gone', { session: 'signedOut' });
    expect(await screen.findByTestId('help-detail-failed')).toHaveTextContent('All help');
    expect(screen.queryByTestId('error-page')).not.toBeInTheDocument();
  });

  it('a visitor reading an article finds "collect my images" and "sign in" there; sign-in comes back to the article', async () => {
    server.use(http.get(`${API_BASE}V1.0/HelpSupport/QuestionInfo`, () => HttpResponse.json(envelope(article))));
    const app = renderApp('/helpDetail?id=collect-qr', { session: 'signedOut' });
    const visitor = await screen.findByTestId('help-visitor');
    expect(within(visitor).getByRole('link', { name: 'Collect my images' })).toHaveAttribute('href', '/newCheck');
    await userEvent.click(within(visitor).getByRole('button', { name: 'Sign in' }));
    expect(app.session.signIn).toHaveBeenCalledWith('/helpDetail?id=collect-qr');
  });

  it('a signed-in patient reading an article is not offered the visitor\'s ways in', async () => {
    server.use(http.get(`${API_BASE}V1.0/HelpSupport/QuestionInfo`, () => HttpResponse.json(envelope(article))));
    renderApp('/helpDetail?id=collect-qr');
    expect(await screen.findByTestId('help-article')).toBeInTheDocument();
    expect(screen.queryByTestId('help-visitor')).not.toBeInTheDocument();
  });

  it('help that cannot load offers to try again', async () => {
    let fail = true;
    server.use(http.get(`${API_BASE}V1.0/HelpSupport/QuestionTypes`, () => (fail ? HttpResponse.error() : HttpResponse.json(envelope([])))));
    renderApp('/help', { session: 'signedOut' });
    const failed = await screen.findByTestId('help-failed');
    fail = false;
    await userEvent.click(failed.querySelector('button')!);
    expect(await screen.findByTestId('help')).toBeInTheDocument();
  });
});

describe('about and the user agreement (about, deel), public', () => {
  it('about names the service and the hospital, and leads to the agreement', async () => {
    const app = renderApp('/about', { session: 'signedOut' });
    expect(await screen.findByTestId('about')).toHaveTextContent('collect, download and share your studies');
    await userEvent.click(screen.getByTestId('about-deel'));
    await waitFor(() => expect(app.location()).toBe('/deel'));
    expect(await screen.findByTestId('deel')).toHaveTextContent('6. A medical note');
    expect(app.session.signIn).not.toHaveBeenCalled();
  });
});
