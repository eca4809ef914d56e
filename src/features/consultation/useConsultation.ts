import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useResource } from '../../shared/charts/useResource';
import { useServices } from '../../shared/services';
import { askConsultation, type ConsultationJump } from './consultationCalls';

/** The history entry of diagnose that last went to the consultation page (this tab's session storage). */
const CONSULTATION_LEFT_FROM_KEY = 'cf.consultation.leftFrom';

/**
 * diagnose: asks for the consultation page with the screen (the shared resource chart, its
 * failures said on the page) and goes there when its origin is allowed (location.assign: this
 * page stays in the history, so back returns to the app). Coming back to this entry, by back or a
 * reload, does not go again at once: the patient is asked, so back never bounces out again.
 */
export function useConsultation(collectFilmId: string | null) {
  const { api, config, sessionStorage } = useServices();
  const entry = useLocation().key;
  const allowedOrigins = config.allowedRedirectOrigins;
  const load = useCallback(
    (request: { collectFilmId: string }, signal: AbortSignal) => askConsultation(api, { collectFilmId: request.collectFilmId || null, allowedOrigins }, signal),
    [api, allowedOrigins],
  );
  const request = useMemo(() => ({ collectFilmId: collectFilmId ?? '' }), [collectFilmId]);
  const resource = useResource<ConsultationJump, { collectFilmId: string }>(load, request, { quiet: true });
  const [cameBack, setCameBack] = useState(() => sessionStorage.get(CONSULTATION_LEFT_FROM_KEY) === entry);
  const jump = resource.data;
  const url = jump?.kind === 'go' ? jump.url : null;
  const go = useCallback(
    (target: string) => {
      sessionStorage.set(CONSULTATION_LEFT_FROM_KEY, entry);
      window.location.assign(target);
    },
    [sessionStorage, entry],
  );
  useEffect(() => {
    if (url && !cameBack) go(url);
  }, [url, cameBack, go]);
  useEffect(() => {
    // Back from the consultation page may restore this page as it was (the back-forward cache).
    const shown = (event: PageTransitionEvent) => event.persisted && setCameBack(true);
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);
  return useMemo(
    () => ({
      state: resource.state,
      /** No answer (offline, timed out): said, with a retry. */
      isFailed: resource.isFailed,
      retry: resource.retry,
      /** On the way to the consultation page, with the address to tap should the browser not go. */
      goingTo: url && !cameBack ? url : null,
      /** Back from the consultation page: it may be opened again. */
      cameBackFrom: url && cameBack ? url : null,
      openAgain: () => url && go(url),
      refusedOrigin: jump?.kind === 'refused' ? { origin: jump.origin } : null,
      isNotOffered: jump?.kind === 'notOffered',
      declined: jump?.kind === 'declined' ? jump.message : null,
    }),
    [resource, url, cameBack, go, jump],
  );
}
