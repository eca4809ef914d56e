import { Link } from 'react-router-dom';
import { ROUTE, type RouteName } from '../../shared/navigation/routes';
import { useClientState } from '../../shared/services';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import * as css from './hub.css';

interface Tile {
  route: RouteName;
  label: MessageKey;
  /** The hospital's module switch that must be on for the tile to show, if any. */
  module?: string;
  glyph: string;
}

const TILES: readonly Tile[] = [
  { route: 'myStudyList', label: 'hub.studies', glyph: 'M4 5h16v14H4zM8 9h8M8 13h5' },
  { route: 'aiOrder', label: 'hub.aiOrders', module: 'aiAnalysis', glyph: 'M12 3l2.5 5 5.5.8-4 3.9.9 5.5-4.9-2.6-4.9 2.6.9-5.5-4-3.9 5.5-.8z' },
  { route: 'downloadList', label: 'hub.downloads', module: 'filmDownload', glyph: 'M12 4v11M7 10l5 5 5-5M5 20h14' },
  { route: 'shareList', label: 'hub.shares', module: 'share', glyph: 'M16 6l-8 5 8 5M18 6a2 2 0 1 0 0-.1M6 11a2 2 0 1 0 0-.1M18 17a2 2 0 1 0 0-.1' },
  { route: 'imageStore', label: 'hub.storage', module: 'imageStore', glyph: 'M5 7h14v11H5zM8 7V5h8v2M9 12h6' },
  { route: 'help', label: 'hub.help', glyph: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7M12 17h0' },
  { route: 'personal', label: 'hub.personal', glyph: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0' },
];

/** The cloud-film home: the hospital, and one large tile per thing a patient can do. */
export default function HubScreen() {
  const { t, locale, setLocale } = useI18n();
  const hospital = useClientState((state) => state.hospitalSetting);
  const modules = hospital?.modules ?? {};
  const tiles = TILES.filter((tile) => !tile.module || modules[tile.module] !== false);
  return (
    <div data-testid="hub">
      <header className={css.header}>
        {hospital?.logoUrl && <img className={css.logo} src={hospital.logoUrl} alt="" width={48} height={48} />}
        <div>
          <h2 className={css.hospitalName}>{hospital?.hospitalName ?? t('route.index')}</h2>
          <p className={css.welcome}>{t('hub.welcome')}</p>
        </div>
      </header>
      <ul className={css.grid}>
        {tiles.map((tile) => (
          <li key={tile.route}>
            <Link className={css.tile} to={ROUTE[tile.route].path}>
              <span className={css.tileIcon} aria-hidden="true">
                <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                  <path d={tile.glyph} />
                </svg>
              </span>
              {t(tile.label)}
            </Link>
          </li>
        ))}
      </ul>
      <div className={css.footer}>
        <button type="button" className={css.languageButton} lang={locale === 'en' ? 'zh-CN' : 'en'} onClick={() => setLocale(locale === 'en' ? 'zh-CN' : 'en')}>
          {t('app.language')}
        </button>
      </div>
    </div>
  );
}
