import { AI_ORDER_STATUS } from '../../../machines/aiOrder/aiOrder.types';
import type { FilmDetail, ReportAiInfo } from '../../shared/api/studySchemas';
import { viewerHref } from '../../shared/navigation/viewerLink';

/**
 * The viewer with the study's AI marks drawn, when there are marks and the study can be opened;
 * the check way of the succeeded order (2, the app's viewer, when none says).
 */
export function aiMarksHref(film: FilmDetail, ai: ReportAiInfo): string | null {
  if (!film.imServerUrl || !film.studyUId || ai.findings.length === 0) return null;
  const checkWay = ai.orders.find((order) => order.status === AI_ORDER_STATUS.succeeded)?.checkWay ?? 2;
  return viewerHref({ wadourl: film.imServerUrl, studyuid: film.studyUId, hospid: film.orgCode ?? '', ai: { checkWay: String(checkWay) } });
}
