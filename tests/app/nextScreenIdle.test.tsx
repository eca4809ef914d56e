/**
 * The film detail's chunk is on its way before a card is tapped (issue 26), but asked for in an
 * idle moment a little after the cards are on the screen, not in the render that shows them: its
 * preloads, a link each, held that render's paint (50 ms on the bench machine, four times that on
 * a cheap phone), and its bytes shared the link with what showed them (src/shared/platform/tasks.ts).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';
import { SOON_IDLE_AFTER_MS } from '../../src/shared/platform/tasks';

const chunk = vi.hoisted(() => ({ asked: 0 }));
vi.mock('../../src/features/studies/FilmDetailScreen', async (importOriginal) => {
  chunk.asked += 1;
  return importOriginal();
});

startMswServer();
afterEach(() => vi.unstubAllGlobals());

it("asks for the film detail's chunk once the cards are shown, when the page is next idle", async () => {
  const idle: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  renderApp('/myStudyList');
  expect((await screen.findAllByTestId('study-card')).length).toBeGreaterThan(0);
  await waitFor(() => expect(idle.length).toBeGreaterThan(0), { timeout: SOON_IDLE_AFTER_MS + 1_000 });
  expect(chunk.asked).toBe(0);
  act(() => idle.splice(0).forEach((run) => run()));
  await waitFor(() => expect(chunk.asked).toBe(1));
});
