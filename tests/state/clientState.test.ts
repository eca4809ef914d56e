import { describe, expect, it, vi } from 'vitest';
import { createClientStateStore, saveOnUnload, STATE_KEY, STATE_VERSION, UUID_KEY } from '../../src/shared/state/clientState';
import { safeStorage } from '../../src/shared/state/safeStorage';
import { newUuid } from '../../src/shared/state/uuid';
import { hospitalSetting } from '../msw/fixtures';

const UUID = '0b7c3a3e-2f5b-4a51-9d0c-6f1b2a3c4d5e';

function stores() {
  const session = safeStorage(() => window.sessionStorage);
  const local = safeStorage(() => window.localStorage);
  return { session, local, newUuid: vi.fn(() => UUID) };
}

describe('client state', () => {
  it('saves on unload and restores at start; health data in sessionStorage, uuid in localStorage', () => {
    const deps = stores();
    const store = createClientStateStore(deps);
    store.update({ hospitalSetting, filmDetail: { studyUId: '1.2.3', sex: 'F', age: '030Y', imServerUrl: null, orgCode: 'DEMO001' }, customMake: true });
    store.save();
    expect(window.localStorage.getItem(STATE_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(STATE_KEY)).toContain('1.2.3');
    expect(window.localStorage.getItem(UUID_KEY)).toBe(UUID);

    const restored = createClientStateStore(stores()).get();
    expect(restored).toMatchObject({ hospitalSetting, customMake: true, uuid: UUID, filmDetail: { studyUId: '1.2.3' } });
  });

  it('saves when the page is hidden or unloaded', () => {
    const store = createClientStateStore(stores());
    const stop = saveOnUnload(window, store);
    store.update({ customMake: true });
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(window.sessionStorage.getItem(STATE_KEY)!)).toMatchObject({ v: STATE_VERSION, data: { customMake: true } });
    stop();
    store.update({ customMake: false });
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(window.sessionStorage.getItem(STATE_KEY)!).data.customMake).toBe(true);
  });

  it('generates the uuid once and keeps it', () => {
    const first = stores();
    createClientStateStore(first);
    const second = stores();
    expect(createClientStateStore(second).get().uuid).toBe(UUID);
    expect(first.newUuid).toHaveBeenCalledTimes(1);
    expect(second.newUuid).not.toHaveBeenCalled();
  });

  it.each([
    ['corrupted', '{not json'],
    ['foreign', JSON.stringify({ hello: 'world' })],
    ['old format', JSON.stringify({ v: 0, data: { filmDetail: null } })],
    ['wrong types', JSON.stringify({ v: STATE_VERSION, data: { filmDetail: 'x', aiResult: null, hospitalSetting: null, userInfo: null, customMake: 'yes' } })],
  ])('discards a %s stored value without breaking the start', (_kind, raw) => {
    window.sessionStorage.setItem(STATE_KEY, raw);
    window.localStorage.setItem(UUID_KEY, 'not-a-uuid');
    const state = createClientStateStore(stores()).get();
    expect(state).toEqual({ filmDetail: null, aiResult: null, hospitalSetting: null, userInfo: null, customMake: false, uuid: UUID });
  });

  it('runs from memory when storage is blocked or full', () => {
    const blocked = safeStorage(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const full = safeStorage(() => ({
      ...window.localStorage,
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {},
    }) as unknown as Storage);
    expect(blocked.persistent).toBe(false);
    expect(full.persistent).toBe(false);
    const store = createClientStateStore({ session: blocked, local: full, newUuid: () => UUID });
    store.update({ customMake: true });
    store.save();
    expect(store.get()).toMatchObject({ customMake: true, uuid: UUID });
    expect(blocked.get(STATE_KEY)).toContain('customMake');
  });

  it('lists the keys under a prefix, in storage and in the memory fallback', () => {
    window.localStorage.clear();
    const { storage, failWrites } = flakyStorage();
    storage.set('cf.outbox.a', '1');
    storage.set('other', '2');
    failWrites();
    storage.set('cf.outbox.b', '3');
    expect(storage.keys('cf.outbox.').sort()).toEqual(['cf.outbox.a', 'cf.outbox.b']);
  });

  it('keeps a value in memory when a write to real storage fails later', () => {
    const { storage, failWrites } = flakyStorage();
    failWrites();
    storage.set('k', 'v');
    expect(storage.get('k')).toBe('v');
  });

  it('writes nothing when it holds nothing', () => {
    const store = createClientStateStore(stores());
    store.update({ customMake: true });
    store.save();
    store.update({ customMake: false });
    store.save();
    expect(window.sessionStorage.getItem(STATE_KEY)).toBeNull();
  });

  it('forgets health data but keeps the device uuid', () => {
    const store = createClientStateStore(stores());
    store.update({ hospitalSetting, customMake: true });
    store.save();
    store.clearHealthData();
    expect(store.get()).toMatchObject({ hospitalSetting: null, customMake: false, uuid: UUID });
    expect(window.sessionStorage.getItem(STATE_KEY)).toBeNull();
  });

  it('notifies subscribers', () => {
    const store = createClientStateStore(stores());
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.update({ customMake: true });
    stop();
    store.update({ customMake: false });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('uuid', () => {
  it('makes a v4 uuid without randomUUID (plain-http intranets)', () => {
    const cryptoWithoutRandomUuid = { getRandomValues: <T extends ArrayBufferView<ArrayBuffer>>(a: T) => crypto.getRandomValues(a) } as unknown as Crypto;
    const ids = new Set(Array.from({ length: 50 }, () => newUuid(cryptoWithoutRandomUuid)));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

/** localStorage whose writes start failing (quota) when the test says so. */
function flakyStorage() {
  let fail = false;
  const real = window.localStorage;
  const storage = safeStorage(() => ({
    get length() {
      return real.length;
    },
    key: (i: number) => real.key(i),
    getItem: (k: string) => real.getItem(k),
    setItem: (k: string, v: string) => {
      if (fail) throw new DOMException('full', 'QuotaExceededError');
      real.setItem(k, v);
    },
    removeItem: (k: string) => real.removeItem(k),
    clear: () => real.clear(),
  }) as unknown as Storage);
  return { storage, failWrites: () => void (fail = true) };
}

