import { useMemo } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { connectConfirmedAction } from '../../../machines/confirmedAction/confirmedAction.connect';
import { confirmedActionMachine, type ConfirmedActionMachine } from '../../../machines/confirmedAction/confirmedAction.machine';
import type { ActionAnswer, ActionItem } from '../../../machines/confirmedAction/confirmedAction.types';
import { useReportFailure } from '../api/useReportFailure';
import { useI18n } from '../i18n/I18nProvider';
import { useToast } from '../views/Toast';
import { useAppMachine } from './useAppMachine';
import { useChartSnapshot } from './useChartSnapshot';

/**
 * An action done to one item after the patient confirms (remove a film, revoke a share, cancel a
 * storage order): the app's call, "operation succeeded" or the server's message. `refreshList` is
 * the list's: a screen chart provides it (as an event) when the chart runs as its child. There
 * `act` must be stable: a child chart keeps the implementations it started with.
 */
export function useConfirmedActionLogic(act: (item: ActionItem) => Promise<ActionAnswer>): ConfirmedActionMachine {
  const { t } = useI18n();
  const toast = useToast();
  const reportFailure = useReportFailure();
  return useMemo(
    () =>
      confirmedActionMachine.provide({
        actors: { act: fromPromise<ActionAnswer, ActionItem>(({ input }) => act(input)) },
        actions: {
          showToast: (_, { message, serverMessage }) => toast(serverMessage ?? t(message === 'done' ? 'toast.operationSucceeded' : 'toast.failed')),
          reportFailure: (_, { error }) => reportFailure(error),
        },
      }),
    [act, toast, t, reportFailure],
  );
}

/** The chart running as a child of a screen's chart, connected for the view. */
export function useConfirmedActionActor(ref: ActorRefFrom<ConfirmedActionMachine>) {
  const snapshot = useChartSnapshot(ref);
  return useMemo(() => connectConfirmedAction(snapshot, ref.send), [snapshot, ref]);
}

/**
 * The chart on its own: `refresh` reloads the screen's list after the server accepted. It calls
 * the `act` and `refresh` the view last rendered with: @xstate/react hands the running chart each
 * render's implementations (tests/app/useConfirmedAction.test.tsx).
 */
export function useConfirmedAction(act: (item: ActionItem) => Promise<ActionAnswer>, refresh: () => void) {
  const logic = useConfirmedActionLogic(act);
  const machine = useMemo(() => logic.provide({ actions: { refreshList: () => refresh() } }), [logic, refresh]);
  const [snapshot, send] = useAppMachine(machine);
  return useMemo(() => connectConfirmedAction(snapshot, send), [snapshot, send]);
}
