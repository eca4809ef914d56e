import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient } from './api/client';
import type { RuntimeConfig } from './config/runtimeConfig';
import type { Analytics } from './analytics/analytics';
import type { ChartClock, Inspector } from './charts/inspection';
import type { WechatPort } from './platform/wechatService';
import type { AppSession } from './session/appSession';
import type { ClientState, ClientStateStore } from './state/clientState';
import type { SafeStorage } from './state/safeStorage';
import type { StudyPassStore } from './session/studyPass';
import type { FamilyMemberStore } from './session/familyMember';
import type { EntryUrlMemory } from './navigation/navigation';
import type { TextSize, TextSizeStore } from './theme/textSize';

/** Everything the views reach outside themselves, created once at start and swapped in tests. */
export interface AppServices {
  config: RuntimeConfig;
  api: ApiClient;
  session: AppSession;
  store: ClientStateStore;
  entryUrl: EntryUrlMemory;
  /**
   * The address the browser is at now (path, query, hash). It runs ahead of the screen on view
   * while the next screen's chunk is coming: the router moves in a transition, and until it ends
   * the last screen is still up, its calls still answering.
   */
  address: () => string;
  wechat: WechatPort;
  analytics: Analytics;
  /** This tab's session storage, never throwing (a payment handed to the H5 page waits here). */
  sessionStorage: SafeStorage;
  /** The study pass of someone not signed in (an SMS verification, an opened share). */
  passes: StudyPassStore;
  /** Whom this tab acts for: the patient, or a family member (issue 27 §2). */
  family: FamilyMemberStore;
  /** The text size the reader chose on this device (standard or large). */
  textSize: TextSizeStore;
  /** Every statechart actor a view starts gets it: the audit trail, and the QA panel when it is on. */
  inspect?: Inspector;
  /** What the charts' delays are timed by: real time when absent; tests hand in XState's SimulatedClock. */
  clock?: ChartClock;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}

/** The reader's text size, and the way to change it (kept on the device). */
export function useTextSize(): [TextSize, (size: TextSize) => void] {
  const { textSize } = useServices();
  return [useSyncExternalStore(textSize.subscribe, textSize.get), textSize.set];
}

export function useClientState<T>(select: (state: ClientState) => T): T {
  const { store } = useServices();
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
