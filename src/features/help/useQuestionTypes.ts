import { useCallback, useMemo } from 'react';
import { useResource } from '../../shared/charts/useResource';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { useServices } from '../../shared/services';
import { loadQuestionTypes, type HelpRequest } from './helpCalls';

/**
 * The help centre's question types, in the patient's language (the resource chart), for the
 * questions page and the feedback form's type choice. Quiet: each page says itself what failed.
 */
export function useQuestionTypes() {
  const { api } = useServices();
  const { locale } = useI18n();
  const request = useMemo(() => ({ lang: locale }), [locale]);
  const load = useCallback((query: HelpRequest, signal: AbortSignal) => loadQuestionTypes(api, query, signal), [api]);
  return useResource(load, request, { quiet: true });
}
