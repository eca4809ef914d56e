import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PayHow } from '../purchase/purchase.types';
import type { AiStatusMachine } from './aiStatus.machine';

const STEPS = ['loading', 'loadFailed', 'following', 'toBePaid', 'succeeded', 'failed', 'closed', 'missing'] as const;
export type AiStatusStep = (typeof STEPS)[number];

/** What the progress page needs: the step, the order as the server answered it, and the intents. */
export function connectAiStatus<Info>(snapshot: SnapshotFrom<AiStatusMachine>, send: ActorRefFrom<AiStatusMachine>['send']) {
  const { context } = snapshot;
  const step: AiStatusStep = STEPS.find((name) => snapshot.matches(name)) ?? 'loading';
  return {
    state: JSON.stringify(snapshot.value),
    step,
    /** The app's AI/info answer, as its call returned it. */
    info: context.info as Info | null,
    progress: context.info?.progress ?? null,
    secondsLeft: context.info?.secondsLeft ?? null,
    failureReason: context.info?.failureReason ?? null,
    isStalled: snapshot.matches({ following: 'stalled' }),
    isPaused: snapshot.matches({ following: 'paused' }),
    problem: context.problem,
    pay: (how: PayHow) => send({ type: 'PAY', ...how }),
    retry: () => send({ type: 'RETRY' }),
  };
}
export type AiStatusView<Info> = ReturnType<typeof connectAiStatus<Info>>;
