import { useI18n } from '../i18n/I18nProvider';
import * as ui from './ui.css';

export function TopBar(props: { title: string; onBack?: (() => void) | undefined }) {
  const { t } = useI18n();
  return (
    <header className={ui.topBar}>
      {props.onBack && (
        <button type="button" className={ui.iconButton} onClick={props.onBack} aria-label={t('app.back')} data-testid="top-back">
          <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
      )}
      <h1 className={ui.topBarTitle} data-testid="page-title">{props.title}</h1>
    </header>
  );
}
