import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { outcomeFor, type Outcome } from './errorCatalogue';
import type { Endpoint } from './endpoints';
import { toFailure, type Failure } from './failure';
import { outcomeHref } from '../navigation/navigation';

function useShowOutcome(decide: (failure: Failure) => Outcome): (error: unknown) => void {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      const href = outcomeHref(decide(toFailure(error)));
      if (href) void navigate(href);
    },
    [decide, navigate],
  );
}

/**
 * Shows what the error catalogue says a failed call leads to. Machines get this as their
 * `reportFailure` action, so no view decides where an error goes.
 */
export function useReportFailure(endpoint: Endpoint): (error: unknown) => void {
  const decide = useCallback((failure: Failure) => outcomeFor(endpoint, failure), [endpoint]);
  return useShowOutcome(decide);
}

/** The order list's own row of the catalogue: "network abnormal, try again later". */
export function useReportListFailure(endpoint: Endpoint): (error: unknown) => void {
  const decide = useCallback(
    (failure: Failure): Outcome => {
      const general = outcomeFor(endpoint, failure);
      return general.to === 'error' ? { to: 'error', messageKey: 'error.listFailed', network: failure.kind === 'network' } : general;
    },
    [endpoint],
  );
  return useShowOutcome(decide);
}
