import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { createResourceMachine } from '../../machines/resource/resource.machine';
import { connectResource } from '../../machines/resource/resource.connect';
import { ENDPOINTS } from '../api/endpoints';
import { pageSchema, studySchema, type Study } from '../api/schemas';
import { useServices } from '../app/services';
import { useReportFailure } from '../app/useReportFailure';
import { formatSexAge } from '../i18n/format';
import { useI18n } from '../i18n/I18nProvider';
import { PAGE_SIZE } from '../rules/constants';
import { Button } from '../views/Button';
import { SkeletonList } from '../views/Skeleton';
import { StatusPage } from '../views/StatusPage';
import * as ui from '../views/ui.css';
import * as css from './studyList.css';

const studyPage = pageSchema(studySchema);
type StudyPage = ReturnType<typeof studyPage.parse>;
const studyListMachine = createResourceMachine<StudyPage>();
const endpoint = ENDPOINTS.package.HospitalStudyList;

/** My studies (kept alive): the patient's imaging studies at this hospital. */
export default function StudyListScreen() {
  const { api } = useServices();
  const reportFailure = useReportFailure(endpoint);
  const machine = useMemo(
    () =>
      studyListMachine.provide({
        actors: {
          load: fromPromise(({ signal }) =>
            api.request(endpoint, { params: { pageIndex: 1, pageLength: PAGE_SIZE }, schema: studyPage, signal }),
          ),
        },
        actions: { reportFailure: (_, { error }) => reportFailure(error) },
      }),
    [api, reportFailure],
  );
  const [snapshot, send] = useMachine(machine);
  const view = connectResource(snapshot);
  const { t } = useI18n();

  return (
    <div data-testid="study-list" data-state={view.state}>
      {view.isLoading && !view.data && <SkeletonList label={t('app.loading')} />}
      {view.isFailed && (
        <StatusPage
          illustration="error"
          heading={t('route.error')}
          text={t('error.server')}
          actions={<Button onClick={() => send({ type: 'RETRY' })}>{t('app.retry')}</Button>}
        />
      )}
      {view.data && view.data.rows.length === 0 && <StatusPage illustration="empty" heading={t('study.empty')} />}
      {view.data && view.data.rows.length > 0 && (
        <ul className={ui.list}>
          {view.data.rows.map((study) => (
            <StudyCard key={study.collectFilmId} study={study} />
          ))}
        </ul>
      )}
    </div>
  );
}

function StudyCard({ study }: { study: Study }) {
  const { t } = useI18n();
  const ready = Number(study.reportStatus) > 0;
  return (
    <li className={css.studyCard} data-testid="study-card">
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
    </li>
  );
}
