import { createElement, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import ErrorScreen from '../features/errors/ErrorScreen';
import StopScreen from '../features/errors/StopScreen';
import {
  SignInCallbackScreen,
  SignInEntryScreen,
  SignInErrorScreen,
  SignOutScreen,
  SilentRenewScreen,
} from '../features/session/SessionScreens';
import { lazyScreen } from './chunk';
import { filmIdOf, type RouteName, type ScreenProps } from '../shared/navigation/routes';

type Screen = ComponentType<ScreenProps>;

const placeholder = lazyScreen(() => import('./PlaceholderScreen'));
const hub = lazyScreen(() => import('../features/home/HubScreen'));

const filmDetail = lazyScreen(() => import('../features/studies/FilmDetailScreen'));

/** index with a film id is the film detail (spec section 2); without one, index is the entry page, the hub. */
function IndexScreen() {
  const { search } = useLocation();
  return createElement(filmIdOf(search) ? filmDetail : hub);
}

/**
 * Screens built so far; every other route shows a clear placeholder with its title. The error
 * pages and the sign-in pages are in the main bundle: they must show when the network that would
 * fetch a chunk is down, and the sign-in round trip should not wait for one.
 */
const BUILT: Partial<Record<RouteName, Screen>> = {
  index: IndexScreen,
  Home: hub,
  myStudyList: lazyScreen(() => import('../features/studies/StudyListScreen')),
  myImageList: lazyScreen(() => import('../features/studies/MyFilmsScreen')),
  imageList: lazyScreen(() => import('../features/studies/ReportListScreen')),
  electronicFilm: lazyScreen(() => import('../features/studies/RenderedImagesScreen').then((module) => ({ default: module.FilmSheetsScreen }))),
  customHDImageList: lazyScreen(() => import('../features/studies/RenderedImagesScreen').then((module) => ({ default: module.HdImagesScreen }))),
  medicalTag: lazyScreen(() => import('../features/studies/StudyTagsScreen')),
  aiOrder: lazyScreen(() => import('./AiOrderPage')),
  cloudFilm: lazyScreen(() => import('../features/viewer/ViewerScreen')),
  error: ErrorScreen,
  errorStop: StopScreen,
  oidcIndex: SignInEntryScreen,
  'oidc-callback': SignInCallbackScreen,
  'oidc-slient-renew': SilentRenewScreen,
  'oidc-error': SignInErrorScreen,
  logout: SignOutScreen,
};

export function screenFor(name: RouteName): Screen {
  return BUILT[name] ?? placeholder;
}
