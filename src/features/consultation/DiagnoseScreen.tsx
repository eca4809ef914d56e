import { useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { filmIdOf, ROUTE } from '../../shared/navigation/routes';
import { useBack } from '../../shared/navigation/useBack';
import { Button } from '../../shared/views/Button';
import { StatusPage } from '../../shared/views/StatusPage';
import * as ui from '../../shared/views/ui.css';
import * as css from './consultation.css';
import { LeaveDialog } from './LeaveDialog';
import { useConsultation } from './useConsultation';

/**
 * diagnose (signed in; from the film detail with the study's id, or from the home page): opens the
 * hospital's online consultation service. Only an address whose origin the app allows is opened,
 * and only after the patient, told what it sends and to whom, continues; anything else, and every
 * failure, is said with a way back. Never a blank page.
 */
export default function DiagnoseScreen() {
  const collectFilmId = filmIdOf(useLocation().search);
  // Another study is a fresh start of the page.
  return <Diagnose key={collectFilmId ?? ''} collectFilmId={collectFilmId} />;
}

function Diagnose({ collectFilmId }: { collectFilmId: string | null }) {
  const { t } = useI18n();
  const view = useConsultation(collectFilmId);
  // Where focus goes when the dialog that opened by itself closes: the button that opens it again.
  const opener = useRef<HTMLButtonElement>(null);
  const back = <BackAction />;
  const leave = view.confirming && <LeaveDialog sends={view.confirming.sends} onContinue={view.confirm} onCancel={view.cancel} returnFocus={opener} />;
  if (view.isFailed) {
    return (
      <StatusPage
        testId="diagnose-failed"
        illustration="offline"
        heading={t('diagnose.failed')}
        text={t('diagnose.failedText')}
        actions={<>{back}<Button onClick={view.retry} data-testid="diagnose-retry">{t('app.retry')}</Button></>}
      />
    );
  }
  if (view.refusedOrigin) {
    const { origin } = view.refusedOrigin;
    return (
      <StatusPage
        testId="diagnose-refused"
        illustration="stop"
        heading={t('diagnose.refused')}
        text={origin ? t('diagnose.refusedText', { origin }) : t('diagnose.refusedTextNoAddress')}
        actions={back}
      >
        {origin && <p className={css.note}>{t('diagnose.refusedOrigin')} <span className={css.origin} data-testid="diagnose-refused-origin">{origin}</span></p>}
      </StatusPage>
    );
  }
  if (view.isNotOffered) {
    return <StatusPage testId="diagnose-not-offered" illustration="empty" heading={t('diagnose.notOffered')} text={t('diagnose.notOfferedText')} actions={back} />;
  }
  if (view.declined !== null) {
    return (
      <StatusPage
        testId="diagnose-declined"
        illustration="error"
        heading={t('diagnose.declined')}
        text={view.declined || t('diagnose.declinedText')}
        actions={<>{back}<Button onClick={view.askAgain} data-testid="diagnose-ask-again">{t('app.retry')}</Button></>}
      />
    );
  }
  if (view.cameBackFrom) {
    return (
      <>
        <StatusPage
          testId="diagnose-back"
          illustration="empty"
          heading={t('diagnose.cameBack')}
          text={t('diagnose.cameBackText')}
          actions={<>{back}<Button ref={opener} onClick={view.openAgain} data-testid="diagnose-open-again">{t('diagnose.openAgain')}</Button></>}
        />
        {leave}
      </>
    );
  }
  if (view.ready) {
    return (
      <>
        <StatusPage
          testId="diagnose-ready"
          illustration="empty"
          heading={t('diagnose.ready')}
          text={t('diagnose.readyText', { service: t('diagnose.service') })}
          actions={<>{back}<Button ref={opener} onClick={view.openAgain} data-testid="diagnose-open">{t('diagnose.open')}</Button></>}
        >
          {view.nothingSent && <p className={css.note} role="status" data-testid="diagnose-nothing-sent">{t('diagnose.nothingSent')}</p>}
        </StatusPage>
        {leave}
      </>
    );
  }
  return (
    <section className={css.opening} role="status" aria-live="polite" data-testid="diagnose-opening" data-state={view.state}>
      <span className={ui.spinner} aria-hidden="true" />
      <p className={css.openingText}>{t('diagnose.opening')}</p>
      {view.goingTo && (
        <a className={ui.button.secondary} href={view.goingTo} data-testid="diagnose-open-link">
          {t('diagnose.openLink')}
        </a>
      )}
    </section>
  );
}

/** The way back: the page the patient came from, or home for a page entered directly. */
function BackAction() {
  const { t } = useI18n();
  const { canGoBack, goBack } = useBack();
  if (canGoBack) {
    return <Button variant="secondary" onClick={goBack} data-testid="diagnose-back-button">{t('diagnose.back')}</Button>;
  }
  return <Link className={ui.button.secondary} to={ROUTE.Home.path} data-testid="diagnose-back-button">{t('diagnose.home')}</Link>;
}
