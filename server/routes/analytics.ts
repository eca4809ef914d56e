import type { FastifyInstance } from 'fastify';
import { analyticsBatchSchema, MAX_BATCH, MAX_RECORD_BYTES } from '../../src/shared/analytics/records';
import type { AnalyticsRecord, CollectAnswer } from '../../src/shared/analytics/records';
import { ENDPOINTS } from '../../src/shared/api/endpoints';
import { currentPatient } from '../currentPatient';
import { ApiError, ok } from '../envelope';
import { defineLimit, tooManyRequests } from '../rateLimit';
import type { Patient } from '../repositories/patients';

const SHOWN_ISSUES = 3;

/** A batch, whole: MAX_BATCH records of at most MAX_RECORD_BYTES each, with room for the envelope. */
const BODY_LIMIT_BYTES = MAX_BATCH * MAX_RECORD_BYTES + 16 * 1024;

/** Records one patient may send: many more than a day of use makes, few enough that nobody can fill the disk. */
export const ANALYTICS_RECORDS_LIMIT = defineLimit({
  name: 'analytics.records',
  max: 5000,
  windowSeconds: 3600,
  perClient: false,
  purpose: 'Analytics/Collect: records one patient may send in an hour (each at most 4 KB)',
});

/** "records.2.at: Invalid ISO datetime; ...": enough for the sender's developer, short for the log. */
function issuesMessage(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): string {
  const shown = issues.slice(0, SHOWN_ISSUES).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = issues.length - shown.length;
  return `invalid analytics batch: ${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

/**
 * The analytics endpoint: a batch is validated whole, then each record is stored once per id,
 * for the patient whose token sent it. The audit trail must be one auditors can trust (issue 22),
 * so a record is refused (named in `refused`, never stored) when it is heavier than
 * MAX_RECORD_BYTES, names another user, or names an order (by number or check record id) that is
 * not the sender's. The sandbox writes its own record of each money step besides (serverAudit).
 */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const { analytics, aiOrders, storageOrders, limits } = app.sandbox;

  function ownsOrder(patient: Patient, record: AnalyticsRecord): boolean {
    const { orderId, checkRecordId } = record;
    if (orderId !== null && !aiOrders.findForPatient(patient.id, orderId) && !storageOrders.findForPatient(patient.id, orderId)) return false;
    if (checkRecordId !== null && !aiOrders.findByIdForPatient(patient.id, checkRecordId) && !storageOrders.findByIdForPatient(patient.id, checkRecordId)) return false;
    return true;
  }

  function acceptable(patient: Patient, record: AnalyticsRecord): boolean {
    return (
      new TextEncoder().encode(JSON.stringify(record)).length <= MAX_RECORD_BYTES &&
      (record.userId === null || record.userId === patient.loginName) &&
      ownsOrder(patient, record)
    );
  }

  app.post(`/${ENDPOINTS.analytics.Collect.path}`, { bodyLimit: BODY_LIMIT_BYTES }, async (request) => {
    const patient = await currentPatient(request);
    const parsed = analyticsBatchSchema.safeParse(request.body);
    if (!parsed.success) throw new ApiError(400, issuesMessage(parsed.error.issues));
    const { records } = parsed.data;
    const verdict = limits.take(ANALYTICS_RECORDS_LIMIT, patient.loginName, new Date(), records.length);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds, '上报过于频繁，请稍后再试');
    const taken = records.filter((record) => acceptable(patient, record));
    const refused = records.filter((record) => !taken.includes(record)).map((record) => record.id);
    const answer: CollectAnswer = { ...analytics.store(taken, patient.loginName), refused: [...new Set(refused)] };
    return ok(answer);
  });
}
