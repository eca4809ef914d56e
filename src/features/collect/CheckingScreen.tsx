import { useCallback } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { loadPassSummary } from './collectCalls';
import type { PassSummary } from '../../shared/api/collectSchemas';
import { useResource } from '../../shared/charts/useResource';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { filmDetailHref } from '../../shared/navigation/navigation';
import { ROUTE } from '../../shared/navigation/routes';
import { useServices } from '../../shared/services';
import { useSessionStatus } from '../../shared/session/useSession';
import { Button } from '../../shared/views/Button';
import { SkeletonList } from '../../shared/views/Skeleton';
import { NeedsPass } from '../../shared/views/NeedsPass';
import { StatusPage } from '../../shared/views/StatusPage';
import * as ui from '../../shared/views/ui.css';
import * as form from '../../shared/views/form.css';
import { formatDate } from '../../shared/rules/dates';
import * as css from './collect.css';

const NO_REQUEST = {};

/**
 * checking (public): right after the code was accepted, whose studies the verification opened;
 * then on to the study the film bag named, or to the list. Without a pass: verify first.
 */
export default function CheckingScreen() {
  const { passes } = useServices();
  const focus = new URLSearchParams(useLocation().search).get('focus');
  if (passes.current() === null) return <NeedsPass />;
  return <Summary focus={focus} />;
}

function Summary({ focus }: { focus: string | null }) {
  const { t } = useI18n();
  const { api, session } = useServices();
  // Signed out, the pass lasts a while on this device; signed in, My images keeps the studies
  // (addFilm adds them, after the same check).
  const signedOut = useSessionStatus() === 'signedOut';
  const load = useCallback((_: object, signal: AbortSignal) => loadPassSummary(api, signal), [api]);
  const summary = useResource<PassSummary, Record<string, never>>(load, NO_REQUEST, { quiet: true });
  if (summary.isFailed) {
    return (
      <StatusPage
        testId="checking-failed"
        illustration="error"
        heading={t('checking.failed')}
        actions={
          <>
            <Button onClick={summary.retry}>{t('app.retry')}</Button>
            <Link className={ui.button.secondary} to={ROUTE.newCheck.path}>{t('checking.verify')}</Link>
          </>
        }
      />
    );
  }
  if (!summary.data) return <SkeletonList count={2} label={t('app.loading')} />;
  const { data } = summary;
  return (
    <section className={`${form.form} ${css.page}`} data-testid="checking">
      <h2 className={css.intro}>{t('checking.done')}</h2>
      <p className={css.sentTo}>{t('checking.summary', { name: data.patientNameMasked, hospital: data.hospitalName, count: data.studyCount })}</p>
      {focus && (
        <Link className={`${ui.button.primary} ${css.wide}`} to={filmDetailHref(focus)} data-testid="checking-open-focus">
          {t('checking.openBagStudy')}
        </Link>
      )}
      <Link className={`${focus ? ui.button.secondary : ui.button.primary} ${css.wide}`} to={ROUTE.checkList.path} data-testid="checking-list">
        {t('checking.allStudies')}
      </Link>
      <p className={form.note}>{t('checking.keep', { time: formatDate(data.expiresAt, 'YYYY-MM-DD HH:mm') })}</p>
      {signedOut && (
        <Button variant="secondary" className={css.wide} onClick={() => session.signIn(ROUTE.addFilm.path)} data-testid="checking-sign-in">
          {t('checking.signIn')}
        </Button>
      )}
    </section>
  );
}
