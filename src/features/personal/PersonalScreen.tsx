import { useCallback, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { UserInfo } from '../../shared/api/centerSchemas';
import { useResource } from '../../shared/charts/useResource';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { TEXT_SIZES } from '../../shared/theme/textSize';
import { LOCALES } from '../../shared/i18n/locale';
import type { MessageKey } from '../../shared/i18n/translate';
import { ROUTE, type RouteName } from '../../shared/navigation/routes';
import { useServices, useTextSize } from '../../shared/services';
import { Button } from '../../shared/views/Button';
import { ConfirmDialog } from '../../shared/views/ConfirmDialog';
import { RadioChoices } from '../../shared/views/RadioChoices';
import * as ui from '../../shared/views/ui.css';
import { Avatar } from './Avatar';
import { loadUserInfo } from './personalCalls';
import { displayName } from './personalRules';
import * as css from './personal.css';

/** The centre's entries, in order; each a large row. */
const ENTRIES: ReadonlyArray<{ route: RouteName; label?: MessageKey }> = [
  { route: 'myStudyList' },
  { route: 'myImageList' },
  { route: 'aiOrder', label: 'personal.aiOrders' },
  { route: 'storeOrder' },
  { route: 'downloadList' },
  { route: 'shareList' },
  { route: 'help', label: 'personal.help' },
  { route: 'about' },
  { route: 'deel' },
  { route: 'modify', label: 'personal.modify' },
];
const NO_REQUEST = {};

/** personal (signed in): who the patient is, their family (`family`, src/app/PersonalPage.tsx), and the way to everything that is theirs. */
export default function PersonalScreen({ family }: { family?: ReactNode }) {
  const { t, locale, setLocale } = useI18n();
  const [textSize, setTextSize] = useTextSize();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={css.page} data-testid="personal">
      <Who />
      {family}
      <ul className={css.rows}>
        {ENTRIES.map((entry) => (
          <li key={entry.route}>
            <Link className={css.row} to={ROUTE[entry.route].path} data-testid={`personal-entry-${entry.route}`}>
              <span className={css.rowLabel}>{t(entry.label ?? ROUTE[entry.route].titleKey)}</span>
              <Chevron />
            </Link>
          </li>
        ))}
        <li className={css.languageRow}>
          <span id="personal-language" className={css.rowLabel}>{t('personal.language')}</span>
          <RadioChoices
            options={LOCALES}
            value={locale}
            onChange={setLocale}
            renderOption={(option) => <span lang={option}>{t(option === 'en' ? 'personal.languageEn' : 'personal.languageZh')}</span>}
            testId={(option) => `personal-language-${option}`}
            label={{ by: 'personal-language' }}
          />
        </li>
        <li className={css.languageRow}>
          <span id="personal-text-size" className={css.rowLabel}>{t('personal.textSize')}</span>
          <RadioChoices
            options={TEXT_SIZES}
            value={textSize}
            onChange={setTextSize}
            renderOption={(option) => t(option === 'large' ? 'personal.textLarge' : 'personal.textStandard')}
            testId={(option) => `personal-text-${option}`}
            label={{ by: 'personal-text-size' }}
          />
        </li>
        <li>
          <button type="button" className={css.signOut} onClick={() => setConfirming(true)} data-testid="personal-signout">
            {t('personal.signOut')}
          </button>
        </li>
      </ul>
      {confirming && (
        <ConfirmDialog
          message={t('personal.signOutConfirm')}
          confirmLabel={t('personal.signOutYes')}
          dismissLabel={t('personal.signOutNo')}
          onConfirm={() => void navigate(ROUTE.logout.path)}
          onDismiss={() => setConfirming(false)}
          testId="signout-dialog"
        />
      )}
    </div>
  );
}

/** The patient: avatar, display name, masked phone, hospital; a skeleton meanwhile, a retry on failure. */
function Who() {
  const { api } = useServices();
  const { t } = useI18n();
  // Quiet: a record that cannot load is said here; the entries below still work.
  const load = useCallback((_: object, signal: AbortSignal) => loadUserInfo(api, signal), [api]);
  const user = useResource<UserInfo, Record<string, never>>(load, NO_REQUEST, { quiet: true });
  if (user.isFailed) {
    return (
      <section className={css.who} data-testid="personal-failed">
        <div className={css.whoText}>
          <p className={css.whoLine}>{t('personal.failed')}</p>
        </div>
        <Button variant="secondary" onClick={user.retry}>{t('app.retry')}</Button>
      </section>
    );
  }
  if (!user.data) {
    return (
      <div className={css.whoSkeleton} aria-busy="true" aria-label={t('app.loading')} data-testid="personal-loading">
        <div className={`${ui.skeleton} ${css.avatar}`} />
        <div className={css.whoText}>
          <div className={ui.skeletonLine} style={{ width: '50%' }} />
          <div className={ui.skeletonLine} style={{ width: '70%', marginBottom: 0 }} />
        </div>
      </div>
    );
  }
  const data = user.data;
  return (
    <Link className={`${css.who} ${css.row}`} to={ROUTE.modify.path} style={{ borderBottom: 0 }} data-testid="personal-user">
      <Avatar src={data.avatarUrl} testId="personal-avatar" />
      <div className={css.whoText}>
        <p className={css.whoName} data-testid="personal-name">{displayName(data)}</p>
        {data.phoneMasked && <p className={css.whoLine} data-testid="personal-phone">{data.phoneMasked}</p>}
        <p className={css.whoLine} data-testid="personal-hospital">{data.hospitalName}</p>
      </div>
      <Chevron />
    </Link>
  );
}

function Chevron() {
  return (
    <svg className={css.chevron} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
