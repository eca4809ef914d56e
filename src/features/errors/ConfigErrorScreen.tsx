import type { ConfigLoadResult } from '../../shared/config/runtimeConfig';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { Button } from '../../shared/views/Button';
import { StatusPage } from '../../shared/views/StatusPage';
import * as ui from '../../shared/views/ui.css';

/** Shown instead of the app when the runtime configuration is missing or invalid. */
export function ConfigErrorScreen({ result }: { result: Extract<ConfigLoadResult, { ok: false }> }) {
  const { t } = useI18n();
  const problem = result.problem === 'missing' ? t('config.missing') : t('config.invalid', { detail: result.detail });
  return (
    <div className={ui.app}>
      <main className={ui.content}>
        <StatusPage
          testId="config-error"
          illustration="error"
          heading={t('config.heading')}
          text={t('config.body', { problem })}
          actions={<Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>}
        />
      </main>
    </div>
  );
}
