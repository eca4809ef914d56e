import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { experiencePassSchema, type ExperiencePass } from '../../shared/api/serviceSchemas';

/** What experience loads: the demo study's read-only pass, or null when the hospital has no demo study. */
export interface DemoStudy {
  pass: ExperiencePass;
}

/** GET V1.0/Package/ExperiencePass (public): a read-only pass over the hospital's demo study. */
export async function loadDemoStudy(api: ApiClient, _request: object, signal: AbortSignal): Promise<DemoStudy> {
  return { pass: await api.request(ENDPOINTS.experience.ExperiencePass, { schema: experiencePassSchema, signal }) };
}
