import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { createPagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { LoadRequest } from '../../../machines/pagedList/pagedList.types';
import { ENDPOINTS } from '../../shared/api/endpoints';
import type { FilmPackage } from '../../shared/api/studySchemas';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { PagedList } from '../../shared/list/PagedList';
import { usePagedList } from '../../shared/list/usePagedList';
import { filmDetailHref } from '../../shared/navigation/navigation';
import { formatDate } from '../../shared/rules/dates';
import { useServices } from '../../shared/services';
import { tappableLink } from '../../shared/views/tappable.css';
import { StudyCard } from './StudyCard';
import { filmPackagePage } from './studyCalls';

const filmListMachine = createPagedListMachine<FilmPackage, null>();

/** My images (kept alive): the studies the patient collected, newest collected first; each opens its study. */
export default function MyFilmsScreen() {
  const { api } = useServices();
  const { t } = useI18n();
  const load = useCallback(
    ({ page, pageSize }: LoadRequest<null>, signal: AbortSignal) =>
      api.request(ENDPOINTS.package.list, { params: { pageIndex: page, pageLength: pageSize }, schema: filmPackagePage, signal }),
    [api],
  );
  const list = usePagedList({ machine: filmListMachine, filter: null, load });
  return (
    <PagedList
      testId="film-list"
      list={list}
      itemKey={(film) => film.collectId}
      renderItem={(film) => (
        <Link className={tappableLink} to={filmDetailHref(film.collectFilmId)} data-testid="study-link">
          <StudyCard
            modality={film.modality}
            title={film.studyDescription ?? film.bodyPart ?? film.modality}
            lines={[`${film.patientName} · ${film.studyDate}`, [film.hospitalName, t('films.collectedAt', { date: formatDate(film.collectedAt) })].filter(Boolean).join(' · ')]}
          />
        </Link>
      )}
    />
  );
}
