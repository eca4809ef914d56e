import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router';
import { NavigatorBridge, type NavigatorPort } from './navigator';
import { I18nProvider } from '../shared/i18n/I18nProvider';
import type { Locale } from '../shared/i18n/locale';
import { useThemeClass } from '../shared/theme/useThemeClass';
import { ToastProvider } from '../shared/views/Toast';
import { ServicesProvider, type AppServices } from '../shared/services';
import '../shared/theme/global.css';

function ThemedRouter({ navigator }: { navigator: NavigatorPort }) {
  useThemeClass();
  return (
    <BrowserRouter>
      <NavigatorBridge navigator={navigator} />
      <AppRoutes />
    </BrowserRouter>
  );
}

export function App(props: { services: AppServices; navigator: NavigatorPort; locale: Locale; onLocaleChange: (locale: Locale) => void }) {
  return (
    <I18nProvider initialLocale={props.locale} onLocaleChange={props.onLocaleChange}>
      <ServicesProvider services={props.services}>
        <ToastProvider>
          <ThemedRouter navigator={props.navigator} />
        </ToastProvider>
      </ServicesProvider>
    </I18nProvider>
  );
}
