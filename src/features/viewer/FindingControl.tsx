import type { ViewerView } from '../../../machines/viewer/viewer.connect';
import { hospitalTerm } from '../../shared/i18n/glossary';
import { useI18n } from '../../shared/i18n/I18nProvider';
import * as css from './viewer.css';

/**
 * The AI findings control (issue 24 §2): which finding, what the AI calls it and where it is, with
 * the previous and next finding on either side; a single finding has "go to the finding" instead.
 * The words are a live region, so a screen reader says where a tap went.
 */
export function FindingControl({ viewer }: { viewer: ViewerView }) {
  const { t, locale } = useI18n();
  const { finding } = viewer;
  if (!finding) return null;
  const several = finding.count > 1;
  return (
    <div
      className={css.findingBar}
      role="group"
      aria-label={t('viewer.ai')}
      data-testid="viewer-finding"
      data-finding={finding.number}
      data-on-screen={finding.onScreen}
    >
      {several && (
        <button type="button" className={css.findingStep} aria-label={t('viewer.finding.previous')} onClick={viewer.previousFinding} data-testid="viewer-finding-previous">
          <span aria-hidden="true">‹</span>
        </button>
      )}
      <p className={css.findingText} aria-live="polite" aria-atomic="true" data-testid="viewer-finding-text">
        <span className={css.findingWhat}>
          {several ? t('viewer.finding.position', { index: finding.number, count: finding.count }) : t('viewer.finding.only')} · {hospitalTerm(locale, finding.label)}
        </span>
        <span className={css.findingWhere[finding.onScreen ? 'onScreen' : 'away']}>
          {t('viewer.finding.where', { number: finding.seriesNumber, index: finding.image, count: finding.images })}
        </span>
      </p>
      {several ? (
        <button type="button" className={css.findingStep} aria-label={t('viewer.finding.next')} onClick={viewer.nextFinding} data-testid="viewer-finding-next">
          <span aria-hidden="true">›</span>
        </button>
      ) : (
        <button type="button" className={css.findingGo} onClick={viewer.goToFinding} data-testid="viewer-finding-go">
          {t('viewer.finding.goTo')}
        </button>
      )}
    </div>
  );
}
