import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { connectShareOpen } from '../../../machines/shareOpen/shareOpen.connect';
import { shareOpenMachine } from '../../../machines/shareOpen/shareOpen.machine';
import type { OpenOutcome, OpenedLike, PreviewOutcome } from '../../../machines/shareOpen/shareOpen.types';
import type { ShareOpened, SharePreview } from '../../shared/api/shareSchemas';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { filmDetailHref } from '../../shared/navigation/navigation';
import { useServices } from '../../shared/services';
import { openShare, previewShare } from './shareCalls';

/**
 * The shareCode page's chart with the app's calls. The right access code brings a read-only pass:
 * it is kept for this tab and the shared study opens in place of the code page (back does not
 * return to a page that has done its job).
 */
export function useShareOpen(code: string, accessCode: string | null = null) {
  const { api, passes } = useServices();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      shareOpenMachine.provide({
        actors: {
          preview: fromPromise<PreviewOutcome, { code: string }>(({ input, signal }) => previewShare(api, input.code, signal)),
          open: fromPromise<OpenOutcome, { code: string; accessCode: string }>(({ input, signal }) => openShare(api, input, signal)),
        },
        actions: {
          openStudy: (_, opened: OpenedLike) => {
            // The chart carries what openShare answered: the whole ShareOpened of the API.
            const { collectFilmId, pass, passExpiresAt } = opened as ShareOpened;
            passes.keep({ token: pass, scope: 'share', studyIds: [collectFilmId], expiresAt: passExpiresAt });
            void navigate(filmDetailHref(collectFilmId), { replace: true });
          },
        },
      }),
    [api, passes, navigate],
  );
  const [snapshot, send] = useAppMachine(machine, { input: { code, accessCode } });
  return useMemo(() => connectShareOpen<SharePreview>(snapshot, send), [snapshot, send]);
}
export type ShareOpenScreenView = ReturnType<typeof useShareOpen>;
