/**
 * oidc-client-ts is off the public pages' critical path (issue 26): the session reads "no user" and
 * "no stale sign-in state" from the storage alone, and the library is fetched only when there is a
 * session to read or a sign-in to make.
 */
import * as oidc from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { createUserManager } from '../../src/features/session/userManager';
import { testConfig } from '../app/renderApp';
import { memoryStorage } from '../memoryStorage';

function setUp() {
  const session = new Map<string, string>();
  const local = new Map<string, string>();
  const library = vi.fn(async () => oidc);
  const um = createUserManager(testConfig, 'http://localhost', { session: () => memoryStorage(session), local: () => memoryStorage(local) }, library);
  return { um, library, session, local };
}

describe('the OpenID Connect library, loaded on first need', () => {
  it('reads no user, removes none and clears no stale state without loading the library when nothing of it is stored', async () => {
    const { um, library } = setUp();
    await expect(um.getUser()).resolves.toBeNull();
    await um.removeUser();
    await um.clearStaleState();
    expect(library).not.toHaveBeenCalled();
  });

  it("loads it to read a stored user, and reads the library's own answer", async () => {
    const { um, library, session } = setUp();
    const user = new oidc.User({ access_token: 'a-1', token_type: 'Bearer', profile: { sub: 'p-1', iss: 'x', aud: 'web', exp: 0, iat: 0 }, expires_at: 4_102_444_800 });
    session.set(`oidc.user:${testConfig.oidc.authority}:${testConfig.oidc.clientId}`, user.toStorageString());
    expect((await um.getUser())?.access_token).toBe('a-1');
    expect(library).toHaveBeenCalledTimes(1);
  });

  it('loads it for stale sign-in state in local storage, and once for every later need', async () => {
    const { um, library, local } = setUp();
    local.set('oidc.some-state', '{}');
    await um.clearStaleState();
    await um.getUser();
    expect(library).toHaveBeenCalledTimes(1);
  });

  it('asks again after a load that failed (offline)', async () => {
    const { um, library, local } = setUp();
    local.set('oidc.some-state', '{}');
    library.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    await expect(um.clearStaleState()).rejects.toThrow(TypeError);
    await um.clearStaleState();
    expect(library).toHaveBeenCalledTimes(2);
  });
});
