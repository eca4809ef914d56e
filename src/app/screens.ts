import type { ComponentType } from 'react';
import ErrorScreen from '../screens/ErrorScreen';
import StopScreen from '../screens/StopScreen';
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
 * pages are in the main bundle: they must show when the network that would fetch a chunk is down.
 */
const BUILT: Partial<Record<RouteName, Screen>> = {
  index: hub,
  Home: hub,
  myStudyList: lazyScreen(() => import('../screens/StudyListScreen')),
  error: ErrorScreen,
  errorStop: StopScreen,
};

export function screenFor(name: RouteName): Screen {
  return BUILT[name] ?? placeholder;
}
