import type { ComponentType } from 'react';
import ErrorScreen from '../screens/ErrorScreen';
import StopScreen from '../screens/StopScreen';
import {
  SignInCallbackScreen,
  SignInEntryScreen,
  SignInErrorScreen,
  SignOutScreen,
  SilentRenewScreen,
} from '../screens/SessionScreens';
import { lazyScreen } from './chunk';
import type { RouteDef, RouteName } from './routes';

export interface ScreenProps {
  route: RouteDef;
}
type Screen = ComponentType<ScreenProps>;

const placeholder = lazyScreen(() => import('../screens/PlaceholderScreen'));
const hub = lazyScreen(() => import('../screens/HubScreen'));

/**
 * Screens built so far; every other route shows a clear placeholder with its title. The error
 * pages and the sign-in pages are in the main bundle: they must show when the network that would
 * fetch a chunk is down, and the sign-in round trip should not wait for one.
 */
const BUILT: Partial<Record<RouteName, Screen>> = {
  index: hub,
  Home: hub,
  myStudyList: lazyScreen(() => import('../screens/StudyListScreen')),
  aiOrder: lazyScreen(() => import('../screens/AiOrderListScreen')),
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
