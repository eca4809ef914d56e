import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { HospitalModule } from '../../shared/api/studySchemas';
import { useResource } from '../../shared/charts/useResource';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import { APP_MARK_PATH, ROUTE, type RouteName } from '../../shared/navigation/routes';
import { useClientState, useServices, useTextSize } from '../../shared/services';
import { useModules } from '../../shared/state/modules';
import { useSessionStatus } from '../../shared/session/useSession';
import { FollowPrompt } from '../../shared/views/FollowPrompt';
import { HospitalPlace } from '../../shared/views/HospitalPlace';
import { ScanEntry } from '../../shared/views/ScanEntry';
import { VisitorEntry } from '../../shared/views/VisitorEntry';
import * as ui from '../../shared/views/ui.css';
import { loadHomeBadges, type HomeBadges } from './homeCalls';
import * as css from './hub.css';

interface Tile {
  route: RouteName;
  label: MessageKey;
  /** The hospital's module switch that must be on for the tile to show, if any. */
  module?: HospitalModule;
  glyph: string;
  badge?: (badges: HomeBadges, t: ReturnType<typeof useI18n>['t']) => { text: string; urgent: boolean } | null;
}

const TILES: readonly Tile[] = [
  { route: 'myImageList', label: 'hub.cloudFilm', module: 'cloudFilm', glyph: 'M4 6h16v12H4zM4 10h16M8 6v12M16 6v12' },
  { route: 'electronicFilm', label: 'hub.electronicFilm', module: 'electronicFilm', glyph: 'M5 3h14v18H5zM9 7h6M9 11h6M9 15h3' },
  { route: 'imageList', label: 'hub.electronicReport', module: 'electronicReport', glyph: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7' },
  { route: 'myStudyList', label: 'hub.studies', module: 'studyHistory', glyph: 'M12 7v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z' },
  { route: 'shareList', label: 'hub.shares', module: 'share', glyph: 'M16 6l-8 5 8 5M18 6a2 2 0 1 0 0-.1M6 11a2 2 0 1 0 0-.1M18 17a2 2 0 1 0 0-.1' },
  { route: 'downloadList', label: 'hub.downloads', module: 'filmDownload', glyph: 'M12 4v11M7 10l5 5 5-5M5 20h14' },
  {
    route: 'aiOrder',
    label: 'hub.aiOrders',
    module: 'aiAnalysis',
    glyph: 'M12 3l2.5 5 5.5.8-4 3.9.9 5.5-4.9-2.6-4.9 2.6.9-5.5-4-3.9 5.5-.8z',
    badge: ({ unpaidAiOrders }, t) => (unpaidAiOrders ? { text: t('hub.badgeUnpaid', { count: unpaidAiOrders }), urgent: true } : null),
  },
  {
    route: 'imageStore',
    label: 'hub.storage',
    module: 'imageStore',
    glyph: 'M5 7h14v11H5zM8 7V5h8v2M9 12h6',
    badge: ({ storage }, t) => {
      if (storage?.expiredCount) return { text: t('hub.badgeExpired', { count: storage.expiredCount }), urgent: true };
      if (storage?.expiringCount) return { text: t('hub.badgeExpiring', { count: storage.expiringCount }), urgent: true };
      return null;
    },
  },
  { route: 'diagnose', label: 'diagnose.hubTile', module: 'consultation', glyph: 'M8 4v5a4 4 0 0 0 8 0V4M12 13v3a4 4 0 0 0 8 0v-1M20 13a1.5 1.5 0 1 0 0-.1' },
  { route: 'help', label: 'hub.help', glyph: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7M12 17h0' },
  { route: 'personal', label: 'hub.personal', glyph: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0' },
];

const NO_REQUEST = {};

/**
 * The cloud-film home: the hospital, and one large tile per thing a patient can do, with what needs
 * attention; `family`: whose records (src/app/HomePage.tsx), for a signed-in patient.
 */
export default function HubScreen({ family }: { family?: ReactNode }) {
  const { t, locale, setLocale } = useI18n();
  const [textSize, setTextSize] = useTextSize();
  const { api, session } = useServices();
  // Only once the session is known: a signed-in patient never sees the visitor's card flash by.
  const status = useSessionStatus();
  const visitor = status === 'signedOut';
  const signedIn = status === 'signedIn';
  const hospital = useClientState((state) => state.hospitalSetting);
  const modules = useModules();
  const load = useCallback((_: object, signal: AbortSignal) => loadHomeBadges(api, session.status() === 'signedIn', signal), [api, session]);
  const badges = useResource(load, NO_REQUEST, { quiet: true }).data;
  const tiles = TILES.filter((tile) => !tile.module || modules[tile.module]);
  return (
    <div data-testid="hub">
      <header className={css.header}>
        {/* The hospital's logo, or the app's mark until it answers and where it has none: the box
            is there from the first frame, so the logo arriving moves nothing below it. */}
        <img className={css.logo} src={hospital?.logoUrl || APP_MARK_PATH} alt="" width={48} height={48} data-testid="hub-logo" />
        <div>
          <h2 className={css.hospitalName} data-testid="hub-hospital">{hospital?.hospitalName ?? t('route.index')}</h2>
          <p className={css.welcome}>{t('hub.welcome')}</p>
        </div>
      </header>
      <div className={css.services}>
        {signedIn && family}
        {visitor && (
          <section className={css.experience} aria-label={t('visitor.heading')} data-testid="hub-visitor">
            <p className={css.experienceText}>{t('visitor.text')}</p>
            <VisitorEntry signInTo={ROUTE.Home.path} testId="hub-visitor-entry" />
          </section>
        )}
        {visitor && <ExperienceCard />}
        <ScanEntry className={css.scanEntry} />
      </div>
      <ul className={css.grid}>
        {tiles.map((tile) => {
          const badge = badges && tile.badge?.(badges, t);
          return (
            <li key={tile.route} className={css.tileSlot}>
              <Link
                className={badge ? `${css.tile} ${css.tileWithBadge}` : css.tile}
                to={ROUTE[tile.route].path}
                data-testid={`hub-tile-${tile.route}`}
                aria-describedby={badge ? `hub-badge-${tile.route}` : undefined}
              >
                <span className={css.tileIcon} aria-hidden="true">
                  <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                    <path d={tile.glyph} />
                  </svg>
                </span>
                {t(tile.label)}
              </Link>
              {/* Beside the link, over its foot: the label stays one line, and a screen reader hears it as the tile's description. */}
              {badge && (
                <span className={css.badge} id={`hub-badge-${tile.route}`} data-testid={`hub-badge-${tile.route}`}>
                  {badge.text}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <div className={css.place}>
        {/* Below the tiles: it shows only once its read answers, and there it moves nothing above it. */}
        <FollowPrompt />
        <HospitalPlace />
      </div>
      <div className={css.footer}>
        <button type="button" className={css.languageButton} lang={locale === 'en' ? 'zh-CN' : 'en'} onClick={() => setLocale(locale === 'en' ? 'zh-CN' : 'en')}>
          {t('app.language')}
        </button>
        <button type="button" className={css.languageButton} aria-pressed={textSize === 'large'} onClick={() => setTextSize(textSize === 'large' ? 'standard' : 'large')} data-testid="hub-large-text">
          {t('app.largeText')}
        </button>
      </div>
    </div>
  );
}

/** For a visitor who has not signed in: the demo study, to see what the app shows without an account (issue 14). */
function ExperienceCard() {
  const { t } = useI18n();
  return (
    <section className={css.experience} aria-labelledby="hub-experience-heading" data-testid="hub-experience">
      <h3 id="hub-experience-heading" className={css.experienceHeading}>{t('experience.hubHeading')}</h3>
      <p className={css.experienceText}>{t('experience.hubText')}</p>
      <Link className={`${ui.button.primary} ${css.experienceLink}`} to={ROUTE.experience.path} data-testid="hub-experience-link">
        {t('experience.hubLink')}
      </Link>
    </section>
  );
}
