import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { connectShareEntry } from '../../../machines/shareEntry/shareEntry.connect';
import { shareEntryMachine } from '../../../machines/shareEntry/shareEntry.machine';
import type { FoundShareLike } from '../../../machines/shareEntry/shareEntry.types';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { ROUTE } from '../../shared/navigation/routes';
import { findShare } from '../../shared/rules/shareText';

/** What the share code page hands the page of the code it opens: the access code found beside it. */
export interface ShareHandOver {
  accessCode: string | null;
}

/**
 * The share code entry's chart with the router: the share the text names opens on its own page
 * (`?code=`); the access code found beside it goes along in the history entry's state, never in the
 * address (which the browser keeps and sends on).
 */
export function useShareEntry() {
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      shareEntryMachine.provide({
        actions: {
          openShare: (_, found: FoundShareLike) => {
            const state: ShareHandOver = { accessCode: found.accessCode };
            void navigate(`${ROUTE.shareCode.path}?${new URLSearchParams({ code: found.code }).toString()}`, { state });
          },
        },
      }),
    [navigate],
  );
  const [snapshot, send] = useAppMachine(machine);
  return useMemo(() => {
    const view = connectShareEntry(snapshot, send);
    return { ...view, go: () => view.go(findShare(view.text)) };
  }, [snapshot, send]);
}

/** The access code another page handed over (see useShareEntry), when it is one. */
export function handedAccessCode(state: unknown): string | null {
  const accessCode = (state as Partial<ShareHandOver> | null)?.accessCode;
  return typeof accessCode === 'string' && /^\d{4}$/.test(accessCode) ? accessCode : null;
}
