import { useSyncExternalStore } from 'react';
import { useServices } from '../services';
import type { SessionStatus } from './appSession';

export function useSessionStatus(): SessionStatus {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.status);
}
