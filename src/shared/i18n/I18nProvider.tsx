import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from './locale';
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
  const value = useMemo<I18n>(
    () => ({
      locale,
      t: createTranslate(locale),
      setLocale: (next) => {
        setLocaleState(next);
        onLocaleChange?.(next);
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
