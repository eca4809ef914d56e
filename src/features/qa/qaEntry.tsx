import { createRoot } from 'react-dom/client';
import { I18nProvider } from '../../shared/i18n/I18nProvider';
import type { Locale } from '../../shared/i18n/locale';
import { QaPanel, type QaPanelProps } from './QaPanel';

/**
 * The QA tooling's one entry, loaded with `import()` only when the runtime configuration or, in a
 * non-production build, `?qa` asks for it: a patient's page never downloads any of it.
 */
export { createQaProbe } from './probe';

/** The panel lives in its own root beside the app, so it never changes the app's tree. */
export function mountQaPanel(props: Omit<QaPanelProps, 'initiallyOpen'> & { locale: Locale }): void {
  const host = document.createElement('div');
  host.id = 'qa-panel-root';
  document.body.append(host);
  const { locale, ...panel } = props;
  createRoot(host).render(
    <I18nProvider initialLocale={locale}>
      <QaPanel {...panel} />
    </I18nProvider>,
  );
}
