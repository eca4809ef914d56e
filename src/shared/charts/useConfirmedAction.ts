import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { connectConfirmedAction } from '../../../machines/confirmedAction/confirmedAction.connect';
import { confirmedActionMachine } from '../../../machines/confirmedAction/confirmedAction.machine';
import type { ActionAnswer, ActionItem } from '../../../machines/confirmedAction/confirmedAction.types';
import { useReportFailure } from '../api/useReportFailure';
import { useI18n } from '../i18n/I18nProvider';
import { useToast } from '../views/Toast';
import { useAppMachine } from './useAppMachine';

/**
 * An action done to one item after the patient confirms (remove a film, revoke a share): the app's
 * call, "operation succeeded" or the server's message, and the list refreshed. `act` and `refresh` must be stable.
 */
export function useConfirmedAction(act: (item: ActionItem) => Promise<ActionAnswer>, refresh: () => void) {
  const { t } = useI18n();
  const toast = useToast();
  const reportFailure = useReportFailure();
  const machine = useMemo(
    () =>
      confirmedActionMachine.provide({
        actors: { act: fromPromise<ActionAnswer, ActionItem>(({ input }) => act(input)) },
        actions: {
          showToast: (_, { message, serverMessage }) => toast(serverMessage ?? t(message === 'done' ? 'toast.operationSucceeded' : 'toast.failed')),
          refreshList: () => refresh(),
          reportFailure: (_, { error }) => reportFailure(error),
        },
      }),
    [act, refresh, toast, t, reportFailure],
  );
  const [snapshot, send] = useAppMachine(machine);
  return useMemo(() => connectConfirmedAction(snapshot, send), [snapshot, send]);
}
