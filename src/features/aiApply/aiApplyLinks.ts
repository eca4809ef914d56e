import { ORDER_ID_QUERY } from '../../shared/ai/aiResultLink';
import { ROUTE } from '../../shared/navigation/routes';
import { studyPageHref } from '../../shared/navigation/viewerLink';

/** The progress page of an order. */
export function aiStatusHref(orderId: string): string {
  return `${ROUTE.aiStatus.path}?${new URLSearchParams({ [ORDER_ID_QUERY]: orderId }).toString()}`;
}

/** The application page of a study. */
export function aiApplyHref(collectFilmId: string): string {
  return studyPageHref(ROUTE.aiApply.path, collectFilmId);
}
