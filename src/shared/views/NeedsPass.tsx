import { Link } from 'react-router-dom';
import { useI18n } from '../i18n/I18nProvider';
import { ROUTE } from '../navigation/routes';
import { StatusPage } from './StatusPage';
import * as ui from './ui.css';

/** A page that shows what an SMS verification opened, reached without one: verify first (issue 13). */
export function NeedsPass() {
  const { t } = useI18n();
  return (
    <StatusPage
      testId="needs-pass"
      illustration="empty"
      heading={t('checking.noPass')}
      text={t('checking.noPassText')}
      actions={<Link className={ui.button.primary} to={ROUTE.newCheck.path}>{t('checking.verify')}</Link>}
    />
  );
}
