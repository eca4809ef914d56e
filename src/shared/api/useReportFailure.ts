import { useCallback, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { outcomeFor } from './errorCatalogue';
import { isApiFailure, toFailure } from './failure';
import { fullPath, outcomeHref } from '../navigation/navigation';
import { useServices } from '../services';

/**
 * Shows what the error catalogue says a failure leads to, by the call that failed (an ApiFailure
 * names its endpoint). Machines get this as their `reportFailure` action, so no view decides where
 * an error goes.
 *
 * Only while the patient is still where the screen was drawn: a failure that lands after they have
 * moved on (the next screen's chunk still coming, the last screen still up) is that screen's, and
 * must not take them from where they went to an error page.
 */
export function useReportFailure(): (error: unknown) => void {
  const navigate = useNavigate();
  const { address } = useServices();
  const location = useLocation();
  const drawnAt = useRef(fullPath(location));
  useLayoutEffect(() => {
    drawnAt.current = fullPath(location);
  }, [location]);
  return useCallback(
    (error: unknown) => {
      if (address() !== drawnAt.current) return;
      const href = outcomeHref(outcomeFor(isApiFailure(error) ? error.endpoint : null, toFailure(error)));
      if (href) void navigate(href);
    },
    [navigate, address],
  );
}
