import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { createPagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { LoadRequest } from '../../../machines/pagedList/pagedList.types';
import type { FilmPackage } from '../../shared/api/studySchemas';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { PagedList } from '../../shared/list/PagedList';
import { usePagedList } from '../../shared/list/usePagedList';
import { filmDetailHref } from '../../shared/navigation/navigation';
import { ROUTE } from '../../shared/navigation/routes';
import * as ui from '../../shared/views/ui.css';
import { formatDate } from '../../shared/rules/dates';
import { useServices } from '../../shared/services';
import { tappableLink } from '../../shared/views/tappable.css';
import { StudyCard } from './StudyCard';
import { loadFilmPage, removeFilm } from './studyCalls';
import * as css from './studyList.css';
import { ConfirmDialog } from '../../shared/views/ConfirmDialog';
import { ScanEntry } from '../../shared/views/ScanEntry';
import { useConfirmedAction } from '../../shared/charts/useConfirmedAction';
import type { ActionItem } from '../../../machines/confirmedAction/confirmedAction.types';
import { hospitalTerm } from '../../shared/i18n/glossary';

const filmListMachine = createPagedListMachine<FilmPackage, null>();

/** My images (kept alive): the studies the patient collected, newest collected first; each opens its study. */
export default function MyFilmsScreen() {
  const { api } = useServices();
  const { t, locale } = useI18n();
  const load = useCallback((request: LoadRequest<null>, signal: AbortSignal) => loadFilmPage(api, request, signal), [api]);
  const list = usePagedList({ machine: filmListMachine, filter: null, load });
  const act = useCallback((item: ActionItem) => removeFilm(api, item.id), [api]);
  const removal = useConfirmedAction(act, list.refresh);
  return (
    <>
      <Link className={`${ui.button.secondary} ${css.addFilm}`} to={ROUTE.addFilm.path} data-testid="films-add">
        {t('films.add')}
      </Link>
      {/* The film bag in hand: its QR code or barcode opens the collect form for that study (issue 14). */}
      <ScanEntry className={css.addFilm} />
      <PagedList
        testId="film-list"
        list={list}
        itemKey={(film) => film.collectId}
        renderItem={(film) => (
          <div className={css.withAction}>
            <Link className={tappableLink} to={filmDetailHref(film.collectFilmId)} data-testid="study-link">
              <StudyCard
                modality={film.modality}
                title={hospitalTerm(locale, film.studyDescription ?? film.bodyPart ?? film.modality)}
                lines={[`${film.patientName} · ${film.studyDate}`, [film.hospitalName, t('films.collectedAt', { date: formatDate(film.collectedAt) })].filter(Boolean).join(' · ')]}
              />
            </Link>
            <button
              type="button"
              className={css.cornerAction}
              onClick={() => removal.ask({ id: film.collectId })}
              disabled={removal.isBusy}
              aria-label={`${t('films.remove')} ${hospitalTerm(locale, film.studyDescription ?? film.modality)}`}
              data-testid="film-remove"
            >
              {t('films.remove')}
            </button>
          </div>
        )}
      />
      {removal.isConfirming && (
        <ConfirmDialog
          testId="remove-dialog"
          tone="destructive"
          message={t('films.removeConfirm')}
          confirmLabel={t('films.removeYes')}
          dismissLabel={t('films.removeNo')}
          onConfirm={removal.confirm}
          onDismiss={removal.dismiss}
        />
      )}
    </>
  );
}
