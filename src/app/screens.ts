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
import { indexPageOf, type IndexPage, type RouteName, type ScreenProps } from '../shared/navigation/routes';

type Screen = ComponentType<ScreenProps>;

const hub = lazyScreen(() => import('./HomePage'));
const newCheck = lazyScreen<ScreenProps>(() => import('../features/collect/CollectScreen').then((module) => ({ default: module.NewCheckScreen })));

/** What /index shows, by its query (indexPageOf). */
const INDEX_SCREENS: Record<IndexPage, Screen> = {
  film: lazyScreen(() => import('../features/studies/FilmDetailScreen')),
  collect: newCheck,
  hub,
};

function IndexScreen() {
  return createElement(INDEX_SCREENS[indexPageOf(useLocation().search)]);
}

/**
 * Every route's screen (the type makes a new route name its screen). The error pages and the
 * sign-in pages are in the main bundle: they must show when the network that would fetch a chunk
 * is down, and the sign-in round trip should not wait for one.
 */
const SCREENS: Record<RouteName, Screen> = {
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
  newCheck,
  verification: lazyScreen(() => import('../features/collect/CollectScreen').then((module) => ({ default: module.VerificationScreen }))),
  addFilm: lazyScreen(() => import('../features/collect/CollectScreen').then((module) => ({ default: module.AddFilmScreen }))),
  checking: lazyScreen(() => import('../features/collect/CheckingScreen')),
  checkList: lazyScreen(() => import('../features/studies/CheckListScreen')),
  downloadFilm: lazyScreen(() => import('../features/downloads/DownloadFilmScreen')),
  downloadLink: lazyScreen(() => import('../features/downloads/DownloadLinkScreen')),
  downloadList: lazyScreen(() => import('../features/downloads/DownloadListScreen')),
  shareList: lazyScreen(() => import('../features/shares/ShareListScreen')),
  shareCode: lazyScreen(() => import('../features/shares/ShareCodeScreen')),
  help: lazyScreen(() => import('../features/help/HelpScreen')),
  helpDetail: lazyScreen(() => import('../features/help/HelpDetailScreen')),
  about: lazyScreen(() => import('../features/personal/AboutScreen')),
  deel: lazyScreen(() => import('../features/personal/DeelScreen')),
  imageStore: lazyScreen(() => import('./StoragePages').then((module) => ({ default: module.ImageStorePage }))),
  storeOrder: lazyScreen(() => import('./StoragePages').then((module) => ({ default: module.StoreOrderPage }))),
  aiApply: lazyScreen(() => import('./AiApplyPage')),
  aiStatus: lazyScreen(() => import('./AiApplyPage').then((module) => ({ default: module.AiStatusPage }))),
  aiResult: lazyScreen(() => import('../features/aiApply/AiResultScreen')),
  personal: lazyScreen(() => import('./PersonalPage')),
  modify: lazyScreen(() => import('../features/personal/ModifyScreen')),
  experience: lazyScreen(() => import('../features/experience/ExperienceScreen')),
  diagnose: lazyScreen(() => import('../features/consultation/DiagnoseScreen')),
  error: ErrorScreen,
  errorStop: StopScreen,
  oidcIndex: SignInEntryScreen,
  'oidc-callback': SignInCallbackScreen,
  'oidc-slient-renew': SilentRenewScreen,
  'oidc-error': SignInErrorScreen,
  logout: SignOutScreen,
};

export function screenFor(name: RouteName): Screen {
  return SCREENS[name];
}

/** Asks for the chunk of the screen this address shows, if it has one of its own. */
export function preloadScreen(name: RouteName, search: string): void {
  const screen = name === 'index' ? INDEX_SCREENS[indexPageOf(search)] : SCREENS[name];
  if ('preload' in screen && typeof screen.preload === 'function') screen.preload();
}
