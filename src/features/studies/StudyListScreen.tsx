import { useCallback, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { createPagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { LoadRequest } from '../../../machines/pagedList/pagedList.types';
import type { Study } from '../../shared/api/schemas';
import { formatSexAge } from '../../shared/i18n/format';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { PagedList } from '../../shared/list/PagedList';
import { usePagedList } from '../../shared/list/usePagedList';
import { filmDetailHref } from '../../shared/navigation/navigation';
import { useServices } from '../../shared/services';
import { soonIdle } from '../../shared/platform/tasks';
import { tappableLink } from '../../shared/views/tappable.css';
import { StudyCard } from './StudyCard';
import { loadStudyPage } from './studyCalls';
import { hospitalTerm } from '../../shared/i18n/glossary';

const studyListMachine = createPagedListMachine<Study, null>();

/** My studies (kept alive): the patient's imaging studies at this hospital, newest first; each opens its film detail. */
export default function StudyListScreen() {
  return <StudyPicker hrefFor={filmDetailHref} />;
}

/**
 * The film detail's chunk, asked for once a card it opens is on screen, when the page is next idle:
 * the likely next screen (issue 26), but not inside the render that shows the cards, whose paint
 * would wait for it.
 */
const preloadFilmDetail = () => void import('./FilmDetailScreen').catch(() => {});

/** The patient's studies, each a link to `hrefFor` its id: the study history, or "choose a study" for a page that shows one. */
export function StudyPicker({ hrefFor }: { hrefFor: (collectFilmId: string) => string }) {
  const { api } = useServices();
  const { t, locale } = useI18n();
  const load = useCallback((request: LoadRequest<null>, signal: AbortSignal) => loadStudyPage(api, request, signal), [api]);
  // A new report the patient opens is read then: back on the list, its card must not still say "new".
  const openedNew = useRef(false);
  const staleOnReturn = useCallback(() => {
    const stale = openedNew.current;
    openedNew.current = false;
    return stale;
  }, []);
  const list = usePagedList({ machine: studyListMachine, filter: null, load, staleOnReturn });
  const cardsShown = list.items.length > 0;
  useEffect(() => {
    if (cardsShown && hrefFor === filmDetailHref) soonIdle(preloadFilmDetail);
  }, [cardsShown, hrefFor]);
  return (
    <PagedList
      testId="study-list"
      list={list}
      itemKey={(study) => study.collectFilmId}
      renderItem={(study) => {
        const ready = Number(study.reportStatus) > 0;
        return (
          <Link className={tappableLink} to={hrefFor(study.collectFilmId)} data-testid="study-link" onClick={() => (openedNew.current ||= study.reportNew)}>
            <StudyCard
              modality={study.modality}
              title={hospitalTerm(locale, study.studyDescription ?? study.bodyPart ?? study.modality)}
              status={{ text: t(study.reportNew ? 'study.reportNew' : ready ? 'study.reportReady' : 'study.reportPending'), ready, fresh: study.reportNew }}
              lines={[`${study.patientName} ${formatSexAge(t, study.sex, study.age)}`, `${study.studyDate} ${study.hospitalName ?? ''}`]}
            />
          </Link>
        );
      }}
    />
  );
}
