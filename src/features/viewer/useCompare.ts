import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { connectCompare } from '../../../machines/compare/compare.connect';
import { compareMachine } from '../../../machines/compare/compare.machine';
import type { ViewerQuery } from '../../../machines/viewer/viewer.types';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { useServices } from '../../shared/services';
import { findPrior } from './viewerCalls';

type Which = 'current' | 'prior';
type Follow = (position: number) => void;

/** How to take each viewer to a position: each viewer's FOLLOW_POSITION, registered by its pane. */
function createFollowers() {
  const follows: Partial<Record<Which, Follow>> = {};
  return {
    set: (which: Which, follow: Follow | undefined) => {
      follows[which] = follow;
    },
    follow: (which: Which, position: number | null) => {
      if (position !== null) follows[which]?.(position);
    },
  };
}
export type Followers = ReturnType<typeof createFollowers>;

/**
 * The comparison with the prior study (issue 27 §3): the compare chart with its call, and the two
 * follows it asks for, which reach the viewer charts through `followers` (each pane registers its
 * own). A position null moves nothing.
 */
export function useCompare(query: ViewerQuery) {
  const { api, session } = useServices();
  const [followers] = useState(createFollowers);
  const logic = useMemo(
    () =>
      compareMachine.provide({
        actors: {
          // Only a signed-in patient has a prior to see: a visitor's pass covers its own studies (the
          // server answers null to a pass, and 401 to no token at all, which the console would show).
          findPrior: fromPromise(({ input, signal }) => (session.status() === 'signedIn' ? findPrior(api, input, signal) : Promise.resolve(null))),
        },
        actions: {
          followOnPrior: (_, { position }) => followers.follow('prior', position),
          followOnCurrent: (_, { position }) => followers.follow('current', position),
        },
      }),
    [api, session, followers],
  );
  const [snapshot, send] = useAppMachine(logic, { input: { studyUid: query.studyuid?.trim() ?? '', hospId: query.hospid?.trim() ?? '' } });
  // Stable for as long as the chart is: each viewer's chart is made once with its listener.
  const tell = useMemo(
    () => ({
      current: (position: number | null) => send({ type: 'CURRENT_MOVED', position }),
      prior: (position: number | null) => send({ type: 'PRIOR_MOVED', position }),
    }),
    [send],
  );
  return { compare: connectCompare(snapshot, send), followers, tell };
}

/** A pane's viewer registers how to take it to a position, and lets go when it goes. */
export function useFollower(followers: Followers, which: Which, follow: Follow) {
  useEffect(() => {
    followers.set(which, follow);
    return () => followers.set(which, undefined);
  });
}
