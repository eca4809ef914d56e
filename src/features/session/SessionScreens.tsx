import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTE } from '../../shared/navigation/routes';
import { backFromCancelledSignIn, historyIndex } from '../../shared/navigation/useBack';
import { useServices } from '../../shared/services';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { useSessionStatus } from '../../shared/session/useSession';
import { Busy } from '../../shared/views/Busy';
import { Button } from '../../shared/views/Button';
import { StatusPage } from '../../shared/views/StatusPage';
import { CollectLink } from '../../shared/views/VisitorEntry';
import { useSessionGate } from './useSessionGate';

/** oidcIndex (`/`): the session gate chart sends a signed-out visitor to sign in, a signed-in patient to Home. */
export function SignInEntryScreen() {
  const { t } = useI18n();
  const { session } = useServices();
  const navigate = useNavigate();
  const steps = useMemo(
    () => ({ whenSignedIn: () => void navigate(ROUTE.Home.path, { replace: true }), whenSignedOut: () => session.signIn(ROUTE.Home.path) }),
    [navigate, session],
  );
  const gate = useSessionGate(steps);
  return <Busy label={t(gate.status === 'signedOut' ? 'session.redirecting' : 'app.loading')} />;
}

/** oidc-callback: the session machine completes the sign-in and moves on by itself. */
export function SignInCallbackScreen() {
  const { t } = useI18n();
  return <Busy label={t('session.signingIn')} />;
}

/** oidc-slient-renew: only ever loaded in the library's hidden frame (see main.tsx). */
export function SilentRenewScreen() {
  return null;
}

/**
 * oidc-error: a sign-in the patient cancelled at the provider gets a calm page in the UI language
 * (sign in again, or back to where they were); a sign-in that failed says what to do, never in the
 * provider's own words. Reached with no sign-in problem (the app reopened on this address, a
 * session restored), it is not an error at all: the patient goes on to Home or the start page.
 */
export function SignInErrorScreen() {
  const { t, locale } = useI18n();
  const { session } = useServices();
  const status = useSessionStatus();
  const navigate = useNavigate();
  const steps = useMemo(
    () => ({
      // Where the sign-in was going (a sign-in completed on this page goes on there, not Home).
      whenSignedIn: () => void navigate(session.returnTo(), { replace: true }),
      whenSignedOut: () => {
        if (session.signInProblem() === null) void navigate(ROUTE.index.path, { replace: true });
      },
    }),
    [navigate, session],
  );
  useSessionGate(steps);
  const problem = status === 'signedOut' ? session.signInProblem() : null;
  const goBack = () => {
    const back = backFromCancelledSignIn(session.cancelledFrom(), session.returnTo(), historyIndex());
    if (back === 'previous') void navigate(-1);
    else void navigate(back.page, { replace: true });
  };
  if (problem === 'cancelled') {
    return (
      <StatusPage
        testId="sign-in-cancelled"
        illustration="empty"
        heading={t('session.cancelledHeading')}
        text={t('session.cancelledBody')}
        actions={
          <>
            <Button onClick={() => session.retrySignIn()} data-testid="sign-in-again">
              {t('session.signInAgain')}
            </Button>
            <Button variant="secondary" onClick={goBack} data-testid="sign-in-back">
              {t('app.back')}
            </Button>
            <CollectLink variant="secondary" testId="sign-in-collect" />
          </>
        }
      />
    );
  }
  if (problem !== 'failed') return <Busy label={t(status === 'pending' ? 'session.redirecting' : 'app.loading')} />;
  const detail = session.lastError();
  return (
    <StatusPage
      testId="sign-in-error"
      illustration="offline"
      heading={t('session.errorHeading')}
      text={t('session.errorBody')}
      actions={
        <>
          <Button onClick={() => session.retrySignIn()}>{t('app.retry')}</Button>
          {/* No account needed to collect images: a way on while sign-in does not work. */}
          <CollectLink variant="secondary" testId="sign-in-collect" />
        </>
      }
    >
      {/* The provider's or the browser's reason is in English: shown to an English reader only. */}
      {detail && locale === 'en' && <p data-testid="sign-in-error-detail">{t('session.errorDetail', { detail })}</p>}
    </StatusPage>
  );
}

/**
 * logout: the session gate chart ends a signed-in patient's session at the provider (which forgets
 * every token and piece of health data); a signed-out visitor goes to the entry page.
 */
export function SignOutScreen() {
  const { t } = useI18n();
  const { session } = useServices();
  const navigate = useNavigate();
  const steps = useMemo(
    () => ({ whenSignedIn: () => session.signOut(), whenSignedOut: () => void navigate(ROUTE.index.path, { replace: true }) }),
    [navigate, session],
  );
  useSessionGate(steps);
  return <Busy label={t('session.signingOut')} />;
}
