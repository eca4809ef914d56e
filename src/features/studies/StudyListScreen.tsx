import { useCallback } from 'react';
import { createPagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { LoadRequest } from '../../../machines/pagedList/pagedList.types';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { pageSchema, studySchema, type Study } from '../../shared/api/schemas';
import { usePagedList } from '../../shared/list/usePagedList';
import { useReportFailure } from '../../shared/api/useReportFailure';
import { useServices } from '../../shared/services';
import { formatSexAge } from '../../shared/i18n/format';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { PagedList } from '../../shared/list/PagedList';
import * as css from './studyList.css';

const studyPage = pageSchema(studySchema);
const studyListMachine = createPagedListMachine<Study, null>();
const endpoint = ENDPOINTS.package.HospitalStudyList;

/** My studies (kept alive): the patient's imaging studies at this hospital, newest first. */
export default function StudyListScreen() {
  const { api } = useServices();
  const reportFailure = useReportFailure(endpoint);
  const load = useCallback(
    ({ page, pageSize }: LoadRequest<null>, signal: AbortSignal) =>
      api.request(endpoint, { params: { pageIndex: page, pageLength: pageSize }, schema: studyPage, signal }),
    [api],
  );
  const { view, send } = usePagedList({ machine: studyListMachine, filter: null, load, reportFailure });
  return (
    <PagedList
      testId="study-list"
      view={view}
      onLoadMore={() => send({ type: 'LOAD_MORE' })}
      onRefresh={() => send({ type: 'REFRESH' })}
      onRetry={() => send({ type: 'RETRY' })}
      itemKey={(study) => study.collectFilmId}
      renderItem={(study) => <StudyCard study={study} />}
    />
  );
}

function StudyCard({ study }: { study: Study }) {
  const { t } = useI18n();
  const ready = Number(study.reportStatus) > 0;
  return (
    <article className={css.studyCard} data-testid="study-card">
      <div className={css.row}>
        <span className={css.modality}>{study.modality}</span>
        <p className={css.bodyPart}>{study.bodyPart ?? study.modality}</p>
        <span className={ready ? css.reportReady : css.reportPending}>{t(ready ? 'study.reportReady' : 'study.reportPending')}</span>
      </div>
      <p className={css.meta}>
        {study.patientName} {formatSexAge(t, study.sex, study.age)}
      </p>
      <p className={css.meta}>
        {study.studyDate} {study.hospitalName ?? ''}
      </p>
    </article>
  );
}
