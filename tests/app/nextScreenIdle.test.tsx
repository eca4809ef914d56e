/**
 * The film detail's chunk is on its way before a card is tapped (issue 26), but asked for in an
 * idle moment after the cards are shown, not in the render that shows them: its preloads, a link
 * each, held that render's paint (50 ms on the bench machine, four times that on a cheap phone).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

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
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(chunk.asked).toBe(0);
  act(() => idle.splice(0).forEach((run) => run()));
  await waitFor(() => expect(chunk.asked).toBe(1));
});
