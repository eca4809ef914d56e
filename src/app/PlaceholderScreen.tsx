import { useNavigate } from 'react-router-dom';
import type { ScreenProps } from '../shared/navigation/routes';
import { ROUTE } from '../shared/navigation/routes';
import { useI18n } from '../shared/i18n/I18nProvider';
import { Button } from '../shared/views/Button';
import { StatusPage } from '../shared/views/StatusPage';

/**
 * A screen a later piece of work builds: says what it will be (the route's title), and offers the way home.
 */
export default function PlaceholderScreen({ route }: ScreenProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <StatusPage
      testId="placeholder"
      illustration="comingSoon"
      heading={t(route.titleKey)}
      text={t('placeholder.body')}
      actions={<Button onClick={() => void navigate(ROUTE.Home.path)}>{t('app.home')}</Button>}
    />
  );
}
