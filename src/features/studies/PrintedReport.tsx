import { useCallback, useMemo, useState } from 'react';
import { useResource } from '../../shared/charts/useResource';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { useServices } from '../../shared/services';
import { Button } from '../../shared/views/Button';
import { ZoomView } from '../../shared/views/ZoomView';
import * as css from './filmDetail.css';
import { loadElectReport, type FilmRequest } from './studyCalls';

/**
 * The official printed report (ElectReport), the one the hospital stamps: a button under the
 * report that opens its pages full screen, to zoom, save to the phone and share (ZoomView). Asked
 * for only when the patient taps: most patients read the text above.
 */
export function PrintedReport({ collectFilmId }: { collectFilmId: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="report-printed">
        {t('film.printedReport')}
      </Button>
      {open && <Pages request={{ collectFilmId }} onClose={() => setOpen(false)} />}
    </>
  );
}

function Pages({ request, onClose }: { request: FilmRequest; onClose: () => void }) {
  const { t } = useI18n();
  const { api } = useServices();
  const load = useCallback((film: FilmRequest, signal: AbortSignal) => loadElectReport(api, film, signal), [api]);
  const report = useResource(load, useMemo(() => request, [request]));
  if (report.isFailed) {
    return (
      <p className={css.warning} role="alert" data-testid="report-printed-failed">
        {t('film.printedFailed')} <Button variant="secondary" onClick={report.retry}>{t('app.retry')}</Button>
      </p>
    );
  }
  if (!report.data) return <p className={css.muted} aria-live="polite">{t('app.loading')}</p>;
  if (report.data.pages.length === 0) {
    return (
      <p className={css.muted} role="status" data-testid="report-printed-none">
        {t('film.printedNone')}
      </p>
    );
  }
  return <ZoomView images={report.data.pages} start={0} onClose={onClose} testId="report-printed-view" />;
}
