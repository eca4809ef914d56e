import { useLayoutEffect } from 'react';
import { useClientState, useServices } from '../services';
import { isThemeId, type ThemeId } from '../rules/constants';
import { themeClasses } from './theme.css';

/** The hospital's theme (GetHospitalSetting), else the configured default. */
export function chooseTheme(hospitalTheme: unknown, defaultTheme: number): ThemeId {
  if (isThemeId(hospitalTheme)) return hospitalTheme;
  return isThemeId(defaultTheme) ? defaultTheme : 2;
}

/**
 * Puts the chosen theme's class on <html>, so the page background follows it too. Before the
 * first frame is drawn: the first screen's buttons take their colours and borders from it, and
 * drawn without it they were unstyled and 2 px shorter for a frame (everything below them moved).
 */
export function useThemeClass(): ThemeId {
  const { config } = useServices();
  const hospitalTheme = useClientState((state) => state.hospitalSetting?.theme);
  const theme = chooseTheme(hospitalTheme, config.defaultTheme);
  useLayoutEffect(() => {
    const root = document.documentElement;
    Object.values(themeClasses).forEach((name) => root.classList.remove(name));
    root.classList.add(themeClasses[theme]);
    root.dataset.theme = String(theme);
  }, [theme]);
  return theme;
}
