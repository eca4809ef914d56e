/**
 * oidc-client-ts is off the first screen's critical path (issue 26): the session reads "no user",
 * "no stale sign-in state" and the stored patient from the storage alone, and the library is
 * fetched only when there is a sign-in, a renewal or a sign-out to make.
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

  const userKey = `oidc.user:${testConfig.oidc.authority}:${testConfig.oidc.clientId}`;
  const stored = (overrides: Partial<ConstructorParameters<typeof oidc.User>[0]> = {}) =>
    new oidc.User({ access_token: 'a-1', refresh_token: 'r-1', id_token: 'i-1', token_type: 'Bearer', profile: { sub: 'p-1', name: 'Li', iss: 'x', aud: 'web', exp: 0, iat: 0 }, expires_at: 4_102_444_800, ...overrides });

  it.each([
    ['a good token', {}],
    ['an expired one with a refresh token', { expires_at: 1_000 }],
    ['one without an end', { expires_at: undefined }],
    ['one without refresh or id token', { refresh_token: undefined, id_token: undefined }],
  ])("reads a stored user without the library, as the library reads it: %s", async (_, overrides) => {
    const { um, library, session } = setUp();
    const user = stored(overrides);
    session.set(userKey, user.toStorageString());
    const read = await um.getUser();
    expect(library).not.toHaveBeenCalled();
    for (const field of ['profile', 'access_token', 'refresh_token', 'id_token', 'expires_at', 'expires_in', 'expired'] as const) expect(read?.[field], field).toEqual(user[field]);
  });

  it.each([
    ['a profile without a subject', JSON.stringify({ access_token: 'a-1', profile: {} })],
    ['an end that is not a number', JSON.stringify({ access_token: 'a-1', profile: { sub: 'p-1' }, expires_at: 'soon' })],
    ['not an object', '"a-1"'],
  ])('leaves a stored user it cannot read to the library: %s', async (_, raw) => {
    const { um, library, session } = setUp();
    session.set(userKey, raw);
    await um.getUser();
    expect(library).toHaveBeenCalledTimes(1);
  });

  it("reads the library's own answer once the library has loaded", async () => {
    const { um, library, session } = setUp();
    session.set(userKey, stored().toStorageString());
    await um.storeUser(stored({ access_token: 'a-2' }));
    expect(library).toHaveBeenCalledTimes(1);
    expect(await um.getUser()).toBeInstanceOf(oidc.User);
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
