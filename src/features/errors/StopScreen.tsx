import { useLocation } from 'react-router-dom';
import { readErrorParams } from '../../shared/navigation/navigation';
import { useBack } from '../../shared/navigation/useBack';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { isMessageKey } from '../../shared/i18n/translate';
import { Button } from '../../shared/views/Button';
import { StatusPage } from '../../shared/views/StatusPage';

/** The stopped page (errorStop): the hospital has switched the cloud film off. */
export default function StopScreen() {
  const { t } = useI18n();
  const location = useLocation();
  const params = readErrorParams(location.search, window.location.origin, isMessageKey);
  const { canGoBack, goBack } = useBack();
  return (
    <StatusPage
      testId="stop-page"
      illustration="stop"
      heading={t('stop.heading')}
      code={params.code ? t('error.code', { code: params.code }) : null}
      text={params.message ?? t('stop.default')}
      actions={canGoBack ? <Button variant="secondary" onClick={goBack}>{t('app.back')}</Button> : undefined}
    />
  );
}
