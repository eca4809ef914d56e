import { RouterProvider } from 'react-router-dom';
import type { createAppRouter } from './router';
import { I18nProvider } from '../shared/i18n/I18nProvider';
import type { Locale } from '../shared/i18n/locale';
import { useThemeClass } from '../shared/theme/useThemeClass';
import { ToastProvider } from '../shared/views/Toast';
import { ServicesProvider, type AppServices } from '../shared/services';
import '../shared/theme/global.css';

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
