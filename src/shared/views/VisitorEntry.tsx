import { Link } from 'react-router-dom';
import { useI18n } from '../i18n/I18nProvider';
import { ROUTE } from '../navigation/routes';
import { useServices } from '../services';
import { Button } from './Button';
import * as ui from './ui.css';

/**
 * The two ways in for a patient who has not signed in (issue 24 §6): collect my images (by an ID
 * card or name and mobile number, no account needed) and sign in. `signInTo` is where sign-in comes back to.
 */
export function VisitorEntry({ signInTo, testId = 'visitor-entry' }: { signInTo: string; testId?: string }) {
  const { t } = useI18n();
  const { session } = useServices();
  return (
    <div className={ui.actionStack} data-testid={testId}>
      <CollectLink variant="primary" testId={`${testId}-collect`} />
      <Button variant="secondary" onClick={() => session.signIn(signInTo)} data-testid={`${testId}-sign-in`}>
        {t('visitor.signIn')}
      </Button>
    </div>
  );
}

/** "Collect my images": the way in that needs no account (D6: the visitor entry and the sign-in problem pages). */
export function CollectLink({ variant, testId }: { variant: 'primary' | 'secondary'; testId: string }) {
  const { t } = useI18n();
  return (
    <Link className={ui.button[variant]} to={ROUTE.newCheck.path} data-testid={testId}>
      {t('route.newCheck')}
    </Link>
  );
}
