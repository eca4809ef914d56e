import { useI18n } from '../i18n/I18nProvider';
import * as ui from './ui.css';

const ICON = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

/**
 * The route title, with back on its left; where there is no back, the way home instead (when the
 * page offers it), so a page entered directly is never a dead end.
 */
export function TopBar(props: { title: string; onBack?: (() => void) | undefined; onHome?: (() => void) | undefined }) {
  const { t } = useI18n();
  return (
    <header className={ui.topBar}>
      {props.onBack ? (
        <button type="button" className={ui.iconButton} onClick={props.onBack} aria-label={t('app.back')} data-testid="top-back">
          <svg {...ICON}>
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
      ) : (
        props.onHome && (
          <button type="button" className={ui.iconButton} onClick={props.onHome} aria-label={t('app.homeButton')} data-testid="top-home">
            <svg {...ICON}>
              <path d="M4 11l8-6.5 8 6.5M6.5 9.5V19h4v-5h3v5h4V9.5" />
            </svg>
          </button>
        )
      )}
      <h1 className={ui.topBarTitle} data-testid="page-title">{props.title}</h1>
    </header>
  );
}
