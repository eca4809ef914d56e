import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';

/**
 * Navigation for what runs outside React: the session's chart moves the app (`goTo`, replacing the
 * entry), the WeChat SDK hears of each new page. The router is React's (declarative mode), so the
 * bridge below hands its navigate over once mounted; a move asked for before that is made then.
 */
export interface AppNavigator {
  goTo(path: string): void;
  /** Called on every page after the first. */
  onPageChange(listener: () => void): void;
}

export interface NavigatorPort extends AppNavigator {
  attach(navigate: NavigateFunction): () => void;
  pageChanged(): void;
}

export function createNavigator(): NavigatorPort {
  let navigate: NavigateFunction | null = null;
  let pending: string | null = null;
  const listeners = new Set<() => void>();
  return {
    goTo(path) {
      if (navigate) void navigate(path, { replace: true });
      else pending = path;
    },
    onPageChange(listener) {
      listeners.add(listener);
    },
    attach(next) {
      navigate = next;
      if (pending !== null) {
        const path = pending;
        pending = null;
        void next(path, { replace: true });
      }
      return () => {
        if (navigate === next) navigate = null;
      };
    },
    pageChanged() {
      listeners.forEach((listener) => listener());
    },
  };
}

/** Inside the router: gives the navigator the router's navigate, and tells it of each new page. */
export function NavigatorBridge({ navigator }: { navigator: NavigatorPort }) {
  const navigate = useNavigate();
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => navigator.attach(navigate), [navigator, navigate]);
  useEffect(() => {
    if (first.current) first.current = false;
    else navigator.pageChanged();
  }, [navigator, location]);
  return null;
}
