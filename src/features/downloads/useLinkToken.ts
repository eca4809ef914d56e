import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { connectLinkToken } from '../../../machines/linkToken/linkToken.connect';
import { linkTokenMachine } from '../../../machines/linkToken/linkToken.machine';
import type { LinkTokenInput } from '../../../machines/linkToken/linkToken.types';
import { useAppMachine } from '../../shared/charts/useAppMachine';

/**
 * A download link's token. Links keep it in the fragment (`#token=`), which no server, proxy or
 * Referer ever sees (issue 22). A link made before that has it in the query: it is read from
 * there too, and the linkToken chart moves it into the fragment at once. Null when the address
 * has none.
 */
export function linkTokenOf(location: { search: string; hash: string }): LinkTokenInput | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token')?.trim();
  if (fromHash) return { token: fromHash, inQuery: false };
  const fromQuery = new URLSearchParams(location.search).get('token')?.trim();
  return fromQuery ? { token: fromQuery, inQuery: true } : null;
}

/** The token of the current address, as found (null without one). */
export function useFoundLinkToken(): LinkTokenInput | null {
  const { search, hash } = useLocation();
  return useMemo(() => linkTokenOf({ search, hash }), [search, hash]);
}

/**
 * The linkToken chart for the token the address held when it opened (another token is another
 * chart: key the caller by it), with the navigation that moves it from the query to the fragment.
 */
export function useLinkToken(found: LinkTokenInput): string {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      linkTokenMachine.provide({
        actors: {
          moveToFragment: fromPromise<void, { token: string }>(async ({ input }) => {
            const query = new URLSearchParams(search);
            query.delete('token');
            const rest = query.toString();
            await navigate({ pathname, search: rest ? `?${rest}` : '', hash: `token=${encodeURIComponent(input.token)}` }, { replace: true });
          }),
        },
      }),
    [navigate, pathname, search],
  );
  const [snapshot] = useAppMachine(machine, { input: found });
  return connectLinkToken(snapshot).token;
}
