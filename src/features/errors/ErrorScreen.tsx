import { useLocation, useNavigate } from 'react-router-dom';
import { readErrorParams } from '../../shared/navigation/navigation';
import { ROUTE } from '../../shared/navigation/routes';
import { useBack } from '../../shared/navigation/useBack';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { isMessageKey, type MessageKey } from '../../shared/i18n/translate';
import { Button } from '../../shared/views/Button';
import { CustomerService } from '../../shared/views/CustomerService';
import { StatusPage } from '../../shared/views/StatusPage';

/** The error page (spec section 2): image, [code], message, and unless offline, customer service. */
export default function ErrorScreen() {
  const location = useLocation();
  const params = readErrorParams(location.search, window.location.origin, isMessageKey);
  return <ErrorView code={params.code} message={params.message} messageKey={params.messageKey} network={params.network} />;
}

export function ErrorView(props: { code: string | null; message: string | null; messageKey: MessageKey | null; network: boolean }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { canGoBack, goBack } = useBack();
  const text = props.message ?? t(props.messageKey ?? 'error.default');
  return (
    <StatusPage
      testId="error-page"
      illustration={props.network ? 'offline' : 'error'}
      heading={t('route.error')}
      code={props.code ? t('error.code', { code: props.code }) : null}
      text={text}
      actions={
        <>
          {canGoBack && <Button onClick={goBack}>{t('app.back')}</Button>}
          <Button variant={canGoBack ? 'secondary' : 'primary'} onClick={() => void navigate(ROUTE.index.path)}>
            {t('app.home')}
          </Button>
        </>
      }
    >
      {!props.network && <CustomerService />}
    </StatusPage>
  );
}
