import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { RATE_LIMITED_STATUS_CODE, rateLimitedSchema } from '../../shared/api/envelope';
import { businessFailure } from '../../shared/api/failure';
import { experiencePassSchema, type ExperiencePass } from '../../shared/api/serviceSchemas';

/**
 * What experience loads: the demo study's read-only pass, or null when the hospital has no demo
 * study; or, when this network has asked for too many passes lately (429), how long to wait.
 */
export type DemoStudy = { pass: ExperiencePass; retryAfterSeconds: null } | { pass: null; retryAfterSeconds: number };

/** GET V1.0/Package/ExperiencePass (public): a read-only pass over the hospital's demo study (the tab's own, if it still holds one). */
export async function loadDemoStudy(api: ApiClient, _request: object, signal: AbortSignal): Promise<DemoStudy> {
  try {
    return { pass: await api.request(ENDPOINTS.experience.ExperiencePass, { schema: experiencePassSchema, signal }), retryAfterSeconds: null };
  } catch (error) {
    const failure = businessFailure(error);
    const limited = failure?.statusCode === RATE_LIMITED_STATUS_CODE ? rateLimitedSchema.safeParse(failure.result) : null;
    if (limited?.success) return { pass: null, retryAfterSeconds: limited.data.retryAfterSeconds };
    throw error;
  }
}
