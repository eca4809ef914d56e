import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { connectShare } from '../../../machines/share/share.connect';
import { shareMachine } from '../../../machines/share/share.machine';
import type { CardOutcome, CreateOutcome, ShareContext, ShareLike } from '../../../machines/share/share.types';
import type { Share } from '../../shared/api/shareSchemas';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { copyText } from '../../shared/platform/clipboard';
import { useServices } from '../../shared/services';
import { useToast } from '../../shared/views/Toast';
import { createShare } from './shareCalls';
import { clipboardText, prepareCard } from './shareCard';

/**
 * The share chart with the app's calls: create, the WeChat card, the clipboard, and the list of my
 * shares told to show the new one. `refreshList` need not be stable (the chart reads the latest).
 */
export function useShare(collectFilmId: string, refreshList: () => void) {
  const { api, wechat } = useServices();
  const { t } = useI18n();
  const toast = useToast();
  const machine = useMemo(
    () =>
      shareMachine.provide({
        actors: {
          createShare: fromPromise<CreateOutcome, { collectFilmId: string; days: ShareContext['days'] }>(({ input, signal }) => createShare(api, input, signal)),
          // The chart carries the share createShare answered: the whole Share of the API.
          prepareCard: fromPromise<CardOutcome, ShareLike>(({ input }) => prepareCard(wechat, input as Share, t, window.location.origin)),
        },
        actions: {
          writeClipboard: (_, share: ShareLike) => {
            void copyText(clipboardText(share, t)).then((copied) => {
              // The link and the code stay on the page, selectable, to copy by hand.
              if (!copied) toast(t('share.copyFailed'));
            });
          },
          refreshList: () => refreshList(),
        },
      }),
    [api, wechat, t, toast, refreshList],
  );
  const [snapshot, send] = useAppMachine(machine, { input: { collectFilmId } });
  return useMemo(() => connectShare<Share>(snapshot, send), [snapshot, send]);
}
export type ShareView = ReturnType<typeof useShare>;
