import { startTransition, useEffect, useState } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * A running chart's snapshot for its view. A step the patient took (a tap, a key: the browser is
 * dispatching an event) renders at once, as it would through `useSelector`. A step the chart took on
 * its own (an answer arrived, a timer fired) renders as a transition: React renders it in slices a
 * phone can interrupt, so a list or a report arriving never holds the main thread for one long
 * task (issue 26: TBT), and a tap during it is answered first.
 */
export function useChartSnapshot<TActor extends AnyActorRef>(actor: TActor): SnapshotFrom<TActor> {
  const [shown, setShown] = useState(() => ({ actor, snapshot: actor.getSnapshot() as SnapshotFrom<TActor> }));
  useEffect(() => {
    const show = () => {
      const snapshot = actor.getSnapshot() as SnapshotFrom<TActor>;
      const update = () => setShown((was) => (was.actor === actor && was.snapshot === snapshot ? was : { actor, snapshot }));
      if (window.event) update();
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
