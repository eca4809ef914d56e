import { Component, type ReactNode } from 'react';
import { useI18n } from '../shared/i18n/I18nProvider';
import { Button } from '../shared/views/Button';
import { StatusPage } from '../shared/views/StatusPage';

/**
 * Catches a screen that failed to load or crashed: the patient gets a reload, never a blank page.
 * Reloading fetches the new deploy's chunks too.
 */
export class ScreenBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override render() {
    return this.state.failed ? <ChunkFailed /> : this.props.children;
  }
}

export function ChunkFailed() {
  const { t } = useI18n();
  return (
    <StatusPage
      testId="chunk-error"
      illustration="offline"
      heading={t('chunk.heading')}
      text={t('chunk.body')}
      actions={<Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>}
    />
  );
}
