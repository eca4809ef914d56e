import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { createPagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { LoadRequest } from '../../../machines/pagedList/pagedList.types';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { pageSchema, studySchema, type Study } from '../../shared/api/schemas';
import { formatSexAge } from '../../shared/i18n/format';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { PagedList } from '../../shared/list/PagedList';
import { usePagedList } from '../../shared/list/usePagedList';
import { filmDetailHref } from '../../shared/navigation/navigation';
import { useServices } from '../../shared/services';
import { tappableLink } from '../../shared/views/tappable.css';
import * as css from './studyList.css';

const studyPage = pageSchema(studySchema);
const studyListMachine = createPagedListMachine<Study, null>();

/** My studies (kept alive): the patient's imaging studies at this hospital, newest first; each opens its film detail. */
export default function StudyListScreen() {
  const { api } = useServices();
  const load = useCallback(
    ({ page, pageSize }: LoadRequest<null>, signal: AbortSignal) =>
      api.request(ENDPOINTS.package.HospitalStudyList, { params: { pageIndex: page, pageLength: pageSize }, schema: studyPage, signal }),
    [api],
  );
  const list = usePagedList({ machine: studyListMachine, filter: null, load });
  return (
    <PagedList
      testId="study-list"
      list={list}
      itemKey={(study) => study.collectFilmId}
      renderItem={(study) => (
        <Link className={tappableLink} to={filmDetailHref(study.collectFilmId)} data-testid="study-link">
          <StudyCard study={study} />
        </Link>
      )}
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
