import type { FastifyInstance } from 'fastify';
import { analyticsBatchSchema } from '../../src/shared/analytics/records';
import type { CollectAnswer } from '../../src/shared/analytics/records';
import { ENDPOINTS } from '../../src/shared/api/endpoints';
import { currentPatient } from '../currentPatient';
import { ApiError, ok } from '../envelope';

const SHOWN_ISSUES = 3;

/** "records.2.at: Invalid ISO datetime; ...": enough for the sender's developer, short for the log. */
function issuesMessage(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): string {
  const shown = issues.slice(0, SHOWN_ISSUES).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = issues.length - shown.length;
  return `invalid analytics batch: ${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

/** The analytics endpoint: a batch is validated whole, then stored once per record id. */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const { analytics } = app.sandbox;

  app.post(`/${ENDPOINTS.analytics.Collect.path}`, async (request) => {
    const patient = await currentPatient(request);
    const parsed = analyticsBatchSchema.safeParse(request.body);
    if (!parsed.success) throw new ApiError(400, issuesMessage(parsed.error.issues));
    const answer: CollectAnswer = analytics.store(parsed.data.records, patient.loginName);
    return ok(answer);
  });
}
