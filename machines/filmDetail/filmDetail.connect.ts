import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FilmDetailMachine } from './filmDetail.machine';
import type { ReportLike } from './filmDetail.types';

/** How the report section stands, in the words the view uses. */
export type ReportSection = 'loading' | 'checking' | 'written' | 'notSynced' | 'notWritten' | 'failed';

function reportSection(snapshot: SnapshotFrom<FilmDetailMachine>): ReportSection {
  const at = (state: 'written' | 'notSynced' | 'notWritten' | 'failed' | 'checkingSync') => snapshot.matches({ showing: { report: state } });
  if (at('written')) return 'written';
  if (at('notSynced')) return 'notSynced';
  if (at('notWritten')) return 'notWritten';
  if (at('failed')) return 'failed';
  if (at('checkingSync')) return 'checking';
  return 'loading';
}

/** What the film detail view needs: plain values and intents. */
export function connectFilmDetail<Film, Report extends ReportLike, Extras>(
  snapshot: SnapshotFrom<FilmDetailMachine>,
  send: ActorRefFrom<FilmDetailMachine>['send'],
) {
  // The app's actors produced these; it names their types.
  const { sync } = snapshot.context;
  const film = snapshot.context.film as Film | null;
  const report = snapshot.context.report as Report | null;
  const extras = snapshot.context.extras as Extras | null;
  const showing = snapshot.matches('showing');
  const section = reportSection(snapshot);
  const extrasFailed = snapshot.matches({ showing: { extras: 'failed' } });
  return {
    state: showing ? `showing.${section}` : String(snapshot.value),
    isLoading: snapshot.matches('loading'),
    isFailed: snapshot.matches('failed'),
    /** Held from the moment the study is shown (the page never leaves it). */
    film,
    report: section === 'written' ? report : null,
    reportSection: section,
    /** When the hospital was last asked for the report (shown while it has not arrived). */
    lastSyncAt: sync?.lastSyncAt ?? null,
    /** The hospital said its reports are here (so an empty report is one not written yet). */
    hospitalSynced: sync?.synced === true,
    canCheckAgain: snapshot.can({ type: 'CHECK_AGAIN' }),
    /** Held once loaded (nothing loads them again after that). */
    extras,
    extrasLoading: snapshot.matches({ showing: { extras: 'loading' } }),
    extrasFailed,
    retry: () => send({ type: 'RETRY' }),
    checkAgain: () => send({ type: 'CHECK_AGAIN' }),
    retryReport: () => send({ type: 'RETRY_REPORT' }),
    retryExtras: () => send({ type: 'RETRY_EXTRAS' }),
  };
}
export type FilmDetailView<Film, Report extends ReportLike, Extras> = ReturnType<typeof connectFilmDetail<Film, Report, Extras>>;
