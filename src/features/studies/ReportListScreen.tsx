import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { createPagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { LoadRequest } from '../../../machines/pagedList/pagedList.types';
import { REPORT_STATUS, type CheckTypes, type ReportRow } from '../../shared/api/studySchemas';
import { useResource } from '../../shared/charts/useResource';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { PagedList } from '../../shared/list/PagedList';
import { useAddressTabKey, useListFollows } from '../../shared/list/useAddressTab';
import { usePagedList } from '../../shared/list/usePagedList';
import { filmDetailHref } from '../../shared/navigation/navigation';
import { useServices } from '../../shared/services';
import { TabStrip } from '../../shared/views/TabStrip';
import { tappableLink } from '../../shared/views/tappable.css';
import { StudyCard } from './StudyCard';
import { loadCheckTypes, loadReportPage } from './studyCalls';
import { hospitalTerm } from '../../shared/i18n/glossary';

/** The "all" tab: no check type. */
const ALL = '';
const reportListMachine = createPagedListMachine<ReportRow, string>();
const NO_REQUEST = {};

/** Electronic reports: every report of the patient, newest first, with a tab per check type (CT, MR, ...). */
export default function ReportListScreen() {
  const { api } = useServices();
  const { t, locale } = useI18n();
  const loadTypes = useCallback((_: object, signal: AbortSignal) => loadCheckTypes(api, signal), [api]);
  const types: CheckTypes = useResource(loadTypes, NO_REQUEST, { quiet: true }).data?.types ?? [];
  const load = useCallback((request: LoadRequest<string>, signal: AbortSignal) => loadReportPage(api, request, signal), [api]);
  // The check type lives in the address (?tab=CT); the list follows it.
  const tab = useAddressTabKey();
  const list = usePagedList({ machine: reportListMachine, filter: tab.key, load });
  useListFollows(list, tab.key);
  const tabs = [{ code: ALL, name: t('reports.all') }, ...types];
  return (
    <div data-testid="report-list-screen">
      <TabStrip
        tabs={tabs.map((tab) => tab.code)}
        selected={tab.key}
        onSelect={tab.select}
        label={(code) => tabs.find((tab) => tab.code === code)?.name ?? code}
        testId={(code) => `tab-${code || 'all'}`}
      />
      <PagedList
        testId="report-list"
        list={list}
        itemKey={(row) => row.collectFilmId}
        renderItem={(row) => {
          const written = row.status > REPORT_STATUS.pending;
          return (
            <Link className={tappableLink} to={`${filmDetailHref(row.collectFilmId)}#report`} data-testid="study-link">
              <StudyCard
                modality={row.checkType}
                title={hospitalTerm(locale, row.studyDescription)}
                status={{ text: t(written ? 'study.reportReady' : 'reports.pending'), ready: written }}
                lines={[row.impression ?? '', [row.studyDate, row.hospitalName].filter(Boolean).join(' · ')]}
              />
            </Link>
          );
        }}
      />
    </div>
  );
}
