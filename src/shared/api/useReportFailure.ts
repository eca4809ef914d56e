import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { outcomeFor } from './errorCatalogue';
import { isApiFailure, toFailure } from './failure';
import { outcomeHref } from '../navigation/navigation';

/**
 * Shows what the error catalogue says a failure leads to, by the call that failed (an ApiFailure
 * names its endpoint). Machines get this as their `reportFailure` action, so no view decides where
 * an error goes.
 */
export function useReportFailure(): (error: unknown) => void {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      const href = outcomeHref(outcomeFor(isApiFailure(error) ? error.endpoint : null, toFailure(error)));
      if (href) void navigate(href);
    },
    [navigate],
  );
}
