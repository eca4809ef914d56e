/**
 * A screen whose chunk has arrived renders in its first render (issue 26). Had it suspended, React
 * would show the fallback and then hold the screen back until 300 ms after it (its Suspense
 * throttle): on the bench that kept My studies' cards off the screen for 280 ms after their answer.
 */
import { render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { expect, it } from 'vitest';
import { lazyScreen } from '../../src/app/chunk';

function Chunk() {
  return <p>the screen</p>;
}

/** A screen whose chunk arrives when `arrive` is called. */
function screenByHand() {
  let arrive!: () => void;
  let loads = 0;
  const Screen = lazyScreen<object>(() => {
    loads += 1;
    return new Promise<{ default: typeof Chunk }>((resolve) => (arrive = () => resolve({ default: Chunk })));
  });
  return { Screen, arrive: () => arrive(), loads: () => loads };
}

const shown = (Screen: ComponentType<object>) =>
  render(
    <Suspense fallback={<p>loading</p>}>
      <Screen />
    </Suspense>,
  );

it('renders a screen whose chunk arrived before it first renders, without its fallback, loading it once', async () => {
  const { Screen, arrive, loads } = screenByHand();
  Screen.preload();
  arrive();
  await Promise.resolve();
  shown(Screen);
  expect(screen.getByText('the screen')).toBeTruthy();
  expect(screen.queryByText('loading')).toBeNull();
  expect(loads()).toBe(1);
});

it('shows the fallback while a chunk is still on its way, and the screen once it arrives', async () => {
  const { Screen, arrive } = screenByHand();
  Screen.preload();
  shown(Screen);
  expect(screen.getByText('loading')).toBeTruthy();
  arrive();
  expect(await screen.findByText('the screen')).toBeTruthy();
});

it('asks again when the first ask failed: nothing of a failure is kept', async () => {
  let loads = 0;
  const Screen = lazyScreen<object>(() => {
    loads += 1;
    return loads === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve({ default: Chunk });
  });
  Screen.preload();
  await new Promise((resolve) => setTimeout(resolve));
  shown(Screen);
  expect(await screen.findByText('the screen')).toBeTruthy();
  expect(loads).toBe(2);
});
