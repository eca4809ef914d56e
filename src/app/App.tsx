import { RouterProvider } from 'react-router-dom';
import type { createAppRouter } from './router';
import { I18nProvider } from '../i18n/I18nProvider';
import type { Locale } from '../i18n/locale';
import { useThemeClass } from '../theme/useThemeClass';
import { ToastProvider } from '../views/Toast';
import { ServicesProvider, type AppServices } from './services';
import '../theme/global.css';

function ThemedRouter({ router }: { router: ReturnType<typeof createAppRouter> }) {
  useThemeClass();
  return <RouterProvider router={router} />;
}

export function App(props: {
  services: AppServices;
  router: ReturnType<typeof createAppRouter>;
  locale: Locale;
  onLocaleChange: (locale: Locale) => void;
}) {
  return (
    <I18nProvider initialLocale={props.locale} onLocaleChange={props.onLocaleChange}>
      <ServicesProvider services={props.services}>
        <ToastProvider>
          <ThemedRouter router={props.router} />
        </ToastProvider>
      </ServicesProvider>
    </I18nProvider>
  );
}
