import type { RuntimeConfig } from '../shared/config/runtimeConfig';

/**
 * Whether this page loads the QA panel: a QA deployment says so in its runtime configuration; a
 * developer's build also takes `?qa`. A production build ignores the query, so no link can turn
 * QA tooling on for a patient.
 */
export function wantsQaPanel(config: Pick<RuntimeConfig, 'qaPanel'>, search: string, production: boolean): boolean {
  return config.qaPanel || (!production && new URLSearchParams(search).has('qa'));
}
