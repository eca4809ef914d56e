import { useI18n } from '../../shared/i18n/I18nProvider';
import { ROUTE } from '../../shared/navigation/routes';
import { reloadAt } from '../../shared/navigation/reloadAt';
import { useServices } from '../../shared/services';
import * as css from './familyBanner.css';
import { useMemberLabel } from './memberLabel';

/**
 * Every screen, while the app acts for a family member (issue 27 §2): whose records these are, and
 * the way back to the patient's own. Kept apart from the family's screens: the frame is on every
 * page's first load, their calls and schemas are not.
 */
export function FamilyBanner() {
  const { t } = useI18n();
  const { family } = useServices();
  const label = useMemberLabel();
  const acting = family.current();
  if (!acting) return null;
  return (
    <div className={css.banner} role="status" data-testid="family-banner">
      <p className={css.bannerText}>{t('family.actingFor', { who: label(acting) })}</p>
      <button
        type="button"
        className={css.bannerButton}
        onClick={() => {
          family.actForSelf();
          reloadAt(ROUTE.Home.path);
        }}
        data-testid="family-banner-back"
      >
        {t('family.backToMine')}
      </button>
    </div>
  );
}
