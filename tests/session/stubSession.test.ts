import { describe, expect, it, vi } from 'vitest';
import { clearSessionIfTokenHeld, createStubSession, STUB_TOKEN_KEY } from '../../src/session/appSession';
import { safeStorage } from '../../src/state/safeStorage';

describe('HTTP 401 through the session port', () => {
  it('clears session storage when a token exists, then signs in to come back to where the patient was', () => {
    const sessionStorage = safeStorage(() => window.sessionStorage);
    sessionStorage.set(STUB_TOKEN_KEY, 'tok');
    sessionStorage.set('cf.state', '{"health":"data"}');
    const goTo = vi.fn();
    const session = createStubSession({ sessionStorage, currentPath: () => '/aiOrder?tab=2', goTo });
    expect(session.accessToken()).toBe('tok');
    session.unauthorized();
    expect(window.sessionStorage.length).toBe(0);
    expect(goTo).toHaveBeenCalledWith('/?returnTo=%2FaiOrder%3Ftab%3D2');
  });

  it('leaves session storage alone when no token is held', () => {
    const sessionStorage = safeStorage(() => window.sessionStorage);
    sessionStorage.set('cf.state', 'kept');
    expect(clearSessionIfTokenHeld(null, sessionStorage)).toBe(false);
    expect(window.sessionStorage.getItem('cf.state')).toBe('kept');
  });
});
