import { useI18n } from '../i18n/I18nProvider';
import * as css from './places.css';
import * as ui from './ui.css';
import { useFollowGate, useNotFollowing } from './useFollowPrompt';
import { hospitalTerm } from '../i18n/glossary';

/**
 * The official account's prompt (issue 14) for a signed-in patient who does not follow it: its name,
 * its QR code and why (report and storage notices); put away for 7 days. Nothing while the tag
 * loads, when it fails, when the patient follows, or when the hospital switched the prompt off.
 */
export function FollowPrompt() {
  const gate = useFollowGate();
  return gate.account ? <FollowCard account={gate.account} dismiss={gate.dismiss} /> : null;
}

function FollowCard({ account, dismiss }: { account: { name: string; qrUrl: string }; dismiss: () => void }) {
  const { t, locale } = useI18n();
  // The account's name as the hospital wrote it; in English its common words are too (服务号: official account).
  const name = hospitalTerm(locale, account.name);
  const notFollowing = useNotFollowing();
  if (!notFollowing) return null;
  return (
    <aside className={`${css.follow} ${css.followNarrow}`} aria-labelledby="follow-heading" data-testid="follow-prompt">
      <img className={css.followQr} src={account.qrUrl} alt={t('follow.qrAlt', { name })} width={96} height={96} data-testid="follow-qr" />
      <div className={css.followBody}>
        <h3 id="follow-heading" className={css.followHeading} data-testid="follow-name">{t('follow.heading', { name })}</h3>
        <p className={css.followText}>{t('follow.why')}</p>
        <p className={css.followText}>{t('follow.howTo')}</p>
        <button type="button" className={css.followLater} onClick={dismiss} data-testid="follow-later">{t('follow.later')}</button>
      </div>
      <button type="button" className={`${ui.iconButton} ${css.followClose}`} onClick={dismiss} aria-label={t('follow.close')} data-testid="follow-dismiss">
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </aside>
  );
}
