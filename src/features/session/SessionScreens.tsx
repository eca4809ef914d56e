import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTE } from '../../shared/navigation/routes';
import { useServices } from '../../shared/services';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { useSessionStatus } from '../../shared/session/useSession';
import { Busy } from '../../shared/views/Busy';
import { Button } from '../../shared/views/Button';
import { StatusPage } from '../../shared/views/StatusPage';
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

/** oidc-error: what went wrong in the patient's words, and a way to try again. */
export function SignInErrorScreen() {
  const { t } = useI18n();
  const { session } = useServices();
  const status = useSessionStatus();
  const navigate = useNavigate();
  const detail = session.lastError();
  if (status === 'pending') return <Busy label={t('session.redirecting')} />;
  return (
    <StatusPage
      testId="sign-in-error"
      illustration="offline"
      heading={t('session.errorHeading')}
      text={t('session.errorBody')}
      actions={
        status === 'signedIn' ? (
          <Button onClick={() => void navigate(ROUTE.Home.path)}>{t('app.home')}</Button>
        ) : (
          <Button onClick={() => session.retrySignIn()}>{t('app.retry')}</Button>
        )
      }
    >
      {detail && <p data-testid="sign-in-error-detail">{t('session.errorDetail', { detail })}</p>}
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
