import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { connectConsultation } from '../../../machines/consultation/consultation.connect';
import { consultationMachine } from '../../../machines/consultation/consultation.machine';
import type { ConsultationJump } from '../../../machines/consultation/consultation.types';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { useServices } from '../../shared/services';
import { askConsultation } from './consultationCalls';

/** The history entry of diagnose that last went to the consultation page (this tab's session storage). */
const CONSULTATION_LEFT_FROM_KEY = 'cf.consultation.leftFrom';

/**
 * diagnose: the consultation chart with the app's call and navigation. The page goes by
 * location.assign, so it stays in the history and back returns to the app; this history entry is
 * remembered, so coming back to it (back, a reload) asks the patient instead of going at once.
 */
export function useConsultation(collectFilmId: string | null) {
  const { api, config, sessionStorage } = useServices();
  const entry = useLocation().key;
  const allowedOrigins = config.allowedRedirectOrigins;
  const machine = useMemo(
    () =>
      consultationMachine.provide({
        actors: {
          ask: fromPromise<ConsultationJump, { collectFilmId: string | null }>(({ input, signal }) =>
            askConsultation(api, { collectFilmId: input.collectFilmId, allowedOrigins }, signal),
          ),
        },
        actions: {
          goTo: (_, { url }) => {
            sessionStorage.set(CONSULTATION_LEFT_FROM_KEY, entry);
            window.location.assign(url);
          },
        },
      }),
    [api, allowedOrigins, sessionStorage, entry],
  );
  const input = useMemo(() => ({ collectFilmId, cameBack: sessionStorage.get(CONSULTATION_LEFT_FROM_KEY) === entry }), [collectFilmId, sessionStorage, entry]);
  const [snapshot, send] = useAppMachine(machine, { input });
  useEffect(() => {
    // Back from the consultation page may restore this page as it was (the back-forward cache).
    const shown = (event: PageTransitionEvent) => event.persisted && send({ type: 'CAME_BACK' });
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, [send]);
  return useMemo(() => connectConsultation(snapshot, send), [snapshot, send]);
}
