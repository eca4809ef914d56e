import { startTransition, useEffect, useState } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * The events a person makes, as React itself ranks events (its discrete and continuous ones). An
 * answer can arrive inside an event too (XMLHttpRequest's load, a MessageChannel's message: the
 * promise it settles runs before that event's dispatch ends), and is not one.
 */
const INPUT_EVENTS = new Set([
  ...['click', 'auxclick', 'dblclick', 'contextmenu', 'pointerdown', 'pointerup', 'pointercancel', 'pointermove', 'mousedown', 'mouseup', 'mousemove'],
  ...['touchstart', 'touchend', 'touchcancel', 'touchmove', 'wheel', 'scroll', 'keydown', 'keyup', 'keypress', 'beforeinput', 'input', 'change'],
  ...['compositionstart', 'compositionend', 'focus', 'blur', 'focusin', 'focusout', 'submit', 'reset', 'select', 'paste', 'cut', 'copy', 'popstate', 'hashchange'],
]);

/** Whether the browser is dispatching a person's event now: a tap's handler, a key's. */
function duringInput(): boolean {
  const event = window.event;
  return event !== undefined && INPUT_EVENTS.has(event.type);
}

/**
 * A running chart's snapshot for its view. A step the patient took (a tap, a key) renders at once,
 * as it would through `useSelector`. A step the chart took on its own (an answer arrived, a timer
 * fired) renders as a transition: React renders it in slices a phone can interrupt, so a list or a
 * report arriving never holds the main thread for one long task (issue 26: TBT), and a tap during
 * it is answered first.
 */
export function useChartSnapshot<TActor extends AnyActorRef>(actor: TActor): SnapshotFrom<TActor> {
  const [shown, setShown] = useState(() => ({ actor, snapshot: actor.getSnapshot() as SnapshotFrom<TActor> }));
  useEffect(() => {
    const show = () => {
      const snapshot = actor.getSnapshot() as SnapshotFrom<TActor>;
      const update = () => setShown((was) => (was.actor === actor && was.snapshot === snapshot ? was : { actor, snapshot }));
      if (duringInput()) update();
      else startTransition(update);
    };
    // Whatever the chart did between this render and its subscription (starting, entry actions).
    show();
    return actor.subscribe({ next: show, error: show }).unsubscribe;
  }, [actor]);
  // A view handed another chart shows that chart's state from its first render.
  const snapshot = shown.actor === actor ? shown.snapshot : (actor.getSnapshot() as SnapshotFrom<TActor>);
  if ((snapshot as { status?: string }).status === 'error') throw (snapshot as { error: unknown }).error;
  return snapshot;
}
