import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useResource } from '../../shared/charts/useResource';
import { filmDetailHref } from '../../shared/navigation/navigation';
import { useServices } from '../../shared/services';
import { loadDemoStudy, type DemoStudy } from './experienceCalls';

const NO_REQUEST = {};

/**
 * experience (public): the demo study's pass is asked for with the page (the shared resource chart;
 * a failure is said on the page, with a retry). Opening keeps the pass for this tab, scope
 * `experience` over that one study, which makes the film detail read-only (no download, share,
 * purchase or AI), and goes to the study: back returns here.
 */
export function useExperience() {
  const { api, passes } = useServices();
  const navigate = useNavigate();
  const load = useCallback((request: object, signal: AbortSignal) => loadDemoStudy(api, request, signal), [api]);
  const resource = useResource<DemoStudy, Record<string, never>>(load, NO_REQUEST, { quiet: true });
  return useMemo(() => {
    const demo = resource.data?.pass ?? null;
    const retryAfterSeconds = resource.data?.retryAfterSeconds ?? null;
    return {
      state: resource.state,
      isFailed: resource.isFailed,
      /** Too many passes were asked for from this network lately: minutes until one comes again (else null). */
      limitedMinutes: retryAfterSeconds === null ? null : Math.max(1, Math.ceil(retryAfterSeconds / 60)),
      /** The hospital has no demo study. */
      isMissing: resource.data !== null && demo === null && retryAfterSeconds === null,
      study: demo && { description: demo.studyDescription, modality: demo.modality },
      retry: resource.retry,
      open: () => {
        if (!demo) return;
        passes.keep({ token: demo.pass, scope: 'experience', studyIds: [demo.collectFilmId], expiresAt: demo.passExpiresAt });
        void navigate(filmDetailHref(demo.collectFilmId));
      },
    };
  }, [resource, passes, navigate]);
}
export type ExperienceView = ReturnType<typeof useExperience>;
