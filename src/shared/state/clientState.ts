import * as z from 'zod/mini';
import { aiDetailSchema, filmDetailSchema, hospitalSettingSchema } from '../api/schemas';
import type { SafeStorage } from './safeStorage';

/**
 * The client state of spec section 3. Saved when the page unloads and restored at start.
 * Health data lives in sessionStorage (gone with the tab); only the device uuid persists.
 */
export const clientStateSchema = z.object({
  filmDetail: z.nullable(filmDetailSchema),
  aiResult: z.nullable(aiDetailSchema),
  hospitalSetting: z.nullable(hospitalSettingSchema),
  userInfo: z.nullable(z.record(z.string(), z.unknown())),
  customMake: z.boolean(),
});
export type HealthState = z.infer<typeof clientStateSchema>;
export type ClientState = HealthState & { uuid: string };

export const STATE_KEY = 'cf.state';
export const UUID_KEY = 'cf.uuid';
/** Bump when the stored shape changes: an old-format value is then discarded, not misread. */
export const STATE_VERSION = 1;

const EMPTY_HEALTH_STATE: HealthState = {
  filmDetail: null,
  aiResult: null,
  hospitalSetting: null,
  userInfo: null,
  customMake: false,
};

function isEmpty(data: HealthState): boolean {
  return (Object.keys(EMPTY_HEALTH_STATE) as Array<keyof HealthState>).every((key) => data[key] === EMPTY_HEALTH_STATE[key]);
}

const storedSchema = z.object({ v: z.literal(STATE_VERSION), data: clientStateSchema });
const uuidSchema = z.uuid();

export interface ClientStateStore {
  get(): ClientState;
  update(patch: Partial<HealthState>): void;
  subscribe(listener: () => void): () => void;
  /** Writes the state to storage (on page unload). */
  save(): void;
  /** Forgets every piece of health data (sign-out); the device uuid stays. */
  clearHealthData(): void;
}

export function restoreHealthState(raw: string | null): HealthState {
  if (!raw) return EMPTY_HEALTH_STATE;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.data : EMPTY_HEALTH_STATE;
  } catch {
    return EMPTY_HEALTH_STATE;
  }
}

/** The device uuid: generated once and kept. */
export function restoreUuid(storage: SafeStorage, newUuid: () => string): string {
  const stored = storage.get(UUID_KEY);
  if (stored && uuidSchema.safeParse(stored).success) return stored;
  const uuid = newUuid();
  storage.set(UUID_KEY, uuid);
  return uuid;
}

export function createClientStateStore(deps: {
  session: SafeStorage;
  local: SafeStorage;
  newUuid: () => string;
}): ClientStateStore {
  let state: ClientState = {
    ...restoreHealthState(deps.session.get(STATE_KEY)),
    uuid: restoreUuid(deps.local, deps.newUuid),
  };
  const listeners = new Set<() => void>();
  const set = (next: ClientState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };
  return {
    get: () => state,
    update: (patch) => set({ ...state, ...patch }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    save() {
      const { uuid: _uuid, ...data } = state;
      // Nothing held, nothing written: a signed-out tab leaves no trace in storage.
      if (isEmpty(data)) deps.session.remove(STATE_KEY);
      else deps.session.set(STATE_KEY, JSON.stringify({ v: STATE_VERSION, data }));
    },
    clearHealthData() {
      deps.session.remove(STATE_KEY);
      set({ ...EMPTY_HEALTH_STATE, uuid: state.uuid });
    },
  };
}

/** Saves the state whenever the page may be going away (pagehide is the reliable one on iOS). */
export function saveOnUnload(win: Window, store: ClientStateStore): () => void {
  const save = () => store.save();
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') save();
  };
  win.addEventListener('pagehide', save);
  win.addEventListener('beforeunload', save);
  win.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    win.removeEventListener('pagehide', save);
    win.removeEventListener('beforeunload', save);
    win.document.removeEventListener('visibilitychange', onVisibility);
  };
}
