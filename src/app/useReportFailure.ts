import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { outcomeFor } from '../api/errorCatalogue';
import type { Endpoint } from '../api/endpoints';
import { toFailure } from '../api/failure';
import { outcomeHref } from './navigation';

/**
 * Shows what the error catalogue says a failed call leads to. Machines get this as their
 * `reportFailure` action, so no view decides where an error goes.
 */
export function useReportFailure(endpoint: Endpoint): (error: unknown) => void {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      const href = outcomeHref(outcomeFor(endpoint, toFailure(error)));
      if (href) void navigate(href);
    },
    [endpoint, navigate],
  );
}
