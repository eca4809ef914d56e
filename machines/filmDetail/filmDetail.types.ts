/**
 * The film detail (index with a film id, spec section 2): the study, then its report and the
 * rest side by side. The report may not have reached the cloud-film service yet (spec section 7
 * names GetSyncReportStatus); the patient then sees when it was last checked and can check again.
 */

/** What the chart needs to know of a report: written (1 preliminary, 2 final) or not yet (0). */
export interface ReportLike {
  status: number;
}

export interface SyncLike {
  synced: boolean;
  lastSyncAt?: string | null;
}

export interface FilmDetailInput {
  collectFilmId: string;
}

export interface FilmDetailContext<Film, Report extends ReportLike, Extras> {
  collectFilmId: string;
  film: Film | null;
  report: Report | null;
  sync: SyncLike | null;
  extras: Extras | null;
}

export type FilmDetailEvent =
  /** Try the whole page again after the study could not be loaded. */
  | { type: 'RETRY' }
  /** Ask the hospital again whether the report has arrived. */
  | { type: 'CHECK_AGAIN' }
  /** Load the report again after it failed. */
  | { type: 'RETRY_REPORT' }
  /** Load storage, AI and department information again after it failed. */
  | { type: 'RETRY_EXTRAS' };

/** A report is written once a radiologist has signed it at least preliminarily. */
export const isWritten = (report: ReportLike): boolean => report.status > 0;
