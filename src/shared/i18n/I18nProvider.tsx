import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Locale } from './locale';
import { loadCatalogue } from './catalogues';
import { createTranslate, type Translate } from './translate';

interface I18n {
  locale: Locale;
  t: Translate;
  setLocale: (locale: Locale) => void;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider(props: {
  initialLocale: Locale;
  onLocaleChange?: (locale: Locale) => void;
  children: ReactNode;
}) {
  const { initialLocale, onLocaleChange, children } = props;
  const [locale, setLocaleState] = useState(initialLocale);
  // The last language asked for wins, whichever strings arrive first.
  const wanted = useRef(initialLocale);
  const value = useMemo<I18n>(
    () => ({
      locale,
      t: createTranslate(locale),
      setLocale: (next) => {
        wanted.current = next;
        // The page stays in its language until the other's strings have arrived; offline, it stays.
        loadCatalogue(next).then(
          () => {
            if (wanted.current !== next) return;
            setLocaleState(next);
            onLocaleChange?.(next);
          },
          () => {},
        );
      },
    }),
    [locale, onLocaleChange],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside I18nProvider');
  return i18n;
}
