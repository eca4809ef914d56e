import { ENDPOINTS } from '../shared/api/endpoints';
import type { FirstCall } from '../shared/api/prefetch';
import { tabAt } from '../shared/list/useAddressTab';
import { filmIdOf, type RouteName } from '../shared/navigation/routes';
import { PAGE_SIZE } from '../shared/rules/constants';
import { AI_ORDER_TABS } from '../features/aiOrders/aiOrderTabs';
import { isWritten, type ReportLike } from '../../machines/filmDetail/filmDetail.types';

/** The film detail chart's rule for asking about the sync next: the report is not written. */
const notWritten = (result: unknown) => !isWritten(result as ReportLike);

/** The first page of a paged list, as the paged-list chart asks for it. */
const firstPage = { pageIndex: 1, pageLength: PAGE_SIZE };

/**
 * The reads each main screen makes as it opens, so the app can send them as it starts, beside the
 * screen's chunk (issue 26). They must be the screen's own calls, exactly: the API client hands a
 * prefetched answer only to an identical call. tests/app/firstCalls.test.tsx opens each screen and
 * fails if one of these is asked again, or never taken.
 */
export function firstCalls(name: RouteName, search: string): FirstCall[] {
  const query = new URLSearchParams(search);
  switch (name) {
    case 'myStudyList':
      return [{ endpoint: ENDPOINTS.package.HospitalStudyList, params: firstPage }];
    case 'aiOrder':
      return [{ endpoint: ENDPOINTS.ai.OrderList, params: { status: tabAt(AI_ORDER_TABS, query.get('tab')).status, ...firstPage } }];
    case 'imageStore': {
      const id = query.get('id');
      return id
        ? [
            { endpoint: ENDPOINTS.image.CheckStorage, params: { id } },
            { endpoint: ENDPOINTS.image.chargelist, params: { id } },
          ]
        : [{ endpoint: ENDPOINTS.image.CheckStorage }];
    }
    case 'index': {
      const CollectId = filmIdOf(search);
      if (!CollectId) return [];
      const report = { endpoint: ENDPOINTS.report.detail, params: { CollectId } };
      return [
        { endpoint: ENDPOINTS.package.HospitalStudyImageList, params: { CollectId } },
        report,
        // A report not written yet: the film detail asks next whether the hospital has sent it.
        { endpoint: ENDPOINTS.report.GetSyncReportStatus, params: { CollectId }, after: { call: report, when: notWritten } },
        { endpoint: ENDPOINTS.yjpIndex.StorageInfo, params: { CollectId } },
        { endpoint: ENDPOINTS.yjpIndex.ReportAiInfo, params: { CollectId } },
        { endpoint: ENDPOINTS.common.DeptNames },
      ];
    }
    default:
      return [];
  }
}
