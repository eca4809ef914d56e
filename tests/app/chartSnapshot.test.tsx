import { render, screen } from '@testing-library/react';
import { Suspense, use, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assign, createActor, setup, type ActorRefFrom } from 'xstate';
import { useChartSnapshot } from '../../src/shared/charts/useChartSnapshot';

const counter = setup({ types: { context: {} as { count: number }, events: {} as { type: 'ADD' } | { type: 'BREAK' } } }).createMachine({
  context: { count: 0 },
  on: {
    ADD: { actions: assign({ count: ({ context }) => context.count + 1 }) },
    BREAK: { actions: () => { throw new Error('the chart broke'); } },
  },
});
type Counter = ActorRefFrom<typeof counter>;

/** The count the chart shows; from 1 on it waits for `slow` (a screen part that suspends). */
function Count({ actor, log = [], slow, addFirst = false }: { actor: Counter; log?: string[]; slow?: Promise<void>; addFirst?: boolean }) {
  useEffect(() => {
    // As useActorRef starts a chart: an effect before the view's own subscription.
    if (addFirst) actor.send({ type: 'ADD' });
  }, [actor, addFirst]);
  const { count } = useChartSnapshot(actor).context;
  if (slow && count > 0) use(slow);
  log.push(`${actor.sessionId} ${count}`);
  return <output data-testid="count">{count}</output>;
}

const shown = () => screen.getByTestId('count').textContent;
/** Every microtask the browser runs before its next task: a render React does at once is done by then. */
const afterMicrotasks = () => new Promise<void>((resolve) => queueMicrotask(() => queueMicrotask(() => resolve())));
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('useChartSnapshot: what a chart does on its own renders as a transition, a step the patient took at once', () => {
  // React's act() would flush every update before the assertions, hiding which ones wait.
  const globals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let wasAct: boolean | undefined;
  beforeEach(() => {
    wasAct = globals.IS_REACT_ACT_ENVIRONMENT;
    globals.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    globals.IS_REACT_ACT_ENVIRONMENT = wasAct;
  });

  /** After `step` (the chart's own), the page stays as it was (no fallback) until its slow part arrives. */
  async function expectKeptWhileItRenders(step: (actor: Counter) => void) {
    const actor = createActor(counter).start();
    let arrive = () => {};
    const slow = new Promise<void>((resolve) => (arrive = resolve));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Count actor={actor} slow={slow} />
      </Suspense>,
    );
    step(actor);
    await nextTask();
    await nextTask();
    // A transition: React keeps the page as it was instead of replacing it with the fallback.
    expect(screen.queryByText('loading')).toBeNull();
    expect(shown()).toBe('0');
    arrive();
    expect(await screen.findByText('1')).toBeInTheDocument();
  }

  it('a step the chart took with no event being dispatched (an answer arrived) keeps what is on screen while its render waits', () =>
    expectKeptWhileItRenders((actor) => actor.send({ type: 'ADD' })));

  it("an answer that arrives inside an event no one made (a request's load) is still a transition", () =>
    expectKeptWhileItRenders((actor) => {
      const request = document.createElement('div');
      request.addEventListener('load', () => actor.send({ type: 'ADD' }));
      request.dispatchEvent(new Event('load'));
    }));

  it('a step taken while the browser dispatches an event (a tap) is on screen before the next task', async () => {
    const actor = createActor(counter).start();
    render(<Count actor={actor} />);
    const button = document.createElement('button');
    button.addEventListener('click', () => actor.send({ type: 'ADD' }));
    document.body.append(button);
    button.click();
    await afterMicrotasks();
    expect(shown()).toBe('1');
    button.remove();
  });

  it('shows what the chart did before the view subscribed to it', async () => {
    const actor = createActor(counter).start();
    render(<Count actor={actor} addFirst />);
    expect(await screen.findByText('1')).toBeInTheDocument();
  });

  it("a chart handed to the view in place of another is shown from its first render, never with the other's state", async () => {
    const first = createActor(counter).start();
    first.send({ type: 'ADD' });
    const second = createActor(counter).start();
    [1, 2, 3].forEach(() => second.send({ type: 'ADD' }));
    const log: string[] = [];
    const { rerender } = render(<Count actor={first} log={log} />);
    rerender(<Count actor={second} log={log} />);
    expect(shown()).toBe('3');
    expect(log.filter((entry) => entry.startsWith(`${second.sessionId} `))).toEqual(log.filter((entry) => entry === `${second.sessionId} 3`));
  });

  it('a chart that failed throws its error to the nearest boundary, as useSelector does', async () => {
    globals.IS_REACT_ACT_ENVIRONMENT = true;
    const actor = createActor(counter);
    actor.subscribe({ error: () => {} });
    actor.start();
    actor.send({ type: 'BREAK' });
    expect(() => render(<Count actor={actor} />)).toThrow('the chart broke');
  });
});
