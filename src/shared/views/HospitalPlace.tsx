import { useI18n } from '../i18n/I18nProvider';
import * as css from './places.css';
import * as ui from './ui.css';
import type { PlaceLike } from '../../../machines/hospitalMap/hospitalMap.types';
import { useHospitalMap, useHospitalPlace } from './useHospitalPlace';

/** The hospital's address with "open in map" (issue 14); nothing when the hospital gave no address. */
export function HospitalPlace() {
  const { t } = useI18n();
  const place = useHospitalPlace();
  if (!place) return null;
  return (
    <section className={css.place} aria-labelledby="hospital-place-heading" data-testid="hospital-place">
      <h3 id="hospital-place-heading" className={css.placeHeading}>{t('map.heading')}</h3>
      <p className={css.placeAddress} data-testid="hospital-address">{place.address}</p>
      {place.map && <MapLink key={place.map.href} place={place.map.place} href={place.map.href} />}
    </section>
  );
}

/** "Open in map": the map site in a new tab, or inside WeChat WeChat's own map (the hospitalMap chart). */
function MapLink({ place, href }: { place: PlaceLike; href: string }) {
  const { t } = useI18n();
  const map = useHospitalMap(place, href);
  return (
    <a
      className={`${ui.button.secondary} ${css.placeAction}`}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={map.openInMap}
      data-testid="hospital-map"
    >
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
        <circle cx="12" cy="9.5" r="2.5" />
      </svg>
      {t('map.open')}
    </a>
  );
}
