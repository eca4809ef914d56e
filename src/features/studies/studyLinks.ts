import { AI_ORDER_STATUS } from '../../../machines/aiOrder/aiOrder.types';
import type { FilmDetail, ReportAiInfo } from '../../shared/api/studySchemas';
import { viewerHref } from '../../shared/navigation/viewerLink';
import { kindsNamed, type ImpressionItem } from '../../shared/rules/reportReading';

/**
 * The viewer with the study's AI marks drawn, when there are marks and the study can be opened;
 * the check way of the succeeded order (2, the app's viewer, when none says). On the finding
 * named, else on the first.
 */
export function aiMarksHref(film: FilmDetail, ai: ReportAiInfo, findingId?: string): string | null {
  if (!film.imServerUrl || !film.studyUId || ai.findings.length === 0) return null;
  const checkWay = ai.orders.find((order) => order.status === AI_ORDER_STATUS.succeeded)?.checkWay ?? 2;
  return viewerHref({ wadourl: film.imServerUrl, studyuid: film.studyUId, hospid: film.orgCode ?? '', ai: { checkWay: String(checkWay) }, ...(findingId && { finding: findingId }) });
}

/**
 * The viewer on the AI finding that located what a report's item names (a nodule the report
 * writes and the AI marked 结节), or null when the AI marked nothing of that kind.
 */
export function aiFindingHref(film: FilmDetail, ai: ReportAiInfo, item: ImpressionItem): string | null {
  const kinds = new Set(item.terms.map((term) => term.family ?? term.id));
  const located = ai.findings.find((finding) => finding.findingId && [...kindsNamed(finding.label)].some((kind) => kinds.has(kind)));
  return located?.findingId ? aiMarksHref(film, ai, located.findingId) : null;
}
