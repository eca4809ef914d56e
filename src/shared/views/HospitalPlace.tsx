import { useI18n } from '../i18n/I18nProvider';
import * as css from './places.css';
import * as ui from './ui.css';
import { useHospitalPlace } from './useHospitalPlace';

/** The hospital's address with "open in map" (issue 14); nothing when the hospital gave no address. */
export function HospitalPlace() {
  const { t } = useI18n();
  const place = useHospitalPlace();
  if (!place) return null;
  return (
    <section className={css.place} aria-labelledby="hospital-place-heading" data-testid="hospital-place">
      <h3 id="hospital-place-heading" className={css.placeHeading}>{t('map.heading')}</h3>
      <p className={css.placeAddress} data-testid="hospital-address">{place.address}</p>
      {place.mapHref && (
        <a
          className={`${ui.button.secondary} ${css.placeAction}`}
          href={place.mapHref}
          target="_blank"
          rel="noopener noreferrer"
          onClick={place.openInMap}
          data-testid="hospital-map"
        >
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
            <circle cx="12" cy="9.5" r="2.5" />
          </svg>
          {t('map.open')}
        </a>
      )}
    </section>
  );
}
