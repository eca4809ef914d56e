import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * A download link's token. Links keep it in the fragment (`#token=`), which no server, proxy or
 * Referer ever sees (issue 22). A link made before that has it in the query: it is read from
 * there too, and the address is rewritten at once so the token leaves the URL, the history and
 * any Referer. Null when the address has none.
 */
export function linkTokenOf(location: { search: string; hash: string }): { token: string; inQuery: boolean } | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token')?.trim();
  if (fromHash) return { token: fromHash, inQuery: false };
  const fromQuery = new URLSearchParams(location.search).get('token')?.trim();
  return fromQuery ? { token: fromQuery, inQuery: true } : null;
}

/** linkTokenOf the current address, moving a token found in the query into the fragment. */
export function useLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const found = linkTokenOf(location);
  const token = found?.token ?? null;
  const moveToFragment = found?.inQuery === true;
  useEffect(() => {
    if (token === null || !moveToFragment) return;
    const query = new URLSearchParams(location.search);
    query.delete('token');
    const search = query.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: `token=${encodeURIComponent(token)}` }, { replace: true });
  }, [token, moveToFragment, location.pathname, location.search, navigate]);
  return token;
}
