// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  createEntryUrlMemory,
  ENTRY_URL_KEY,
  errorAddressWithBack,
  outcomeHref,
  readErrorParams,
  safeBackPath,
} from '../../src/shared/navigation/navigation';
import { isMessageKey } from '../../src/shared/i18n/translate';
import { ROUTE, ROUTES } from '../../src/shared/navigation/routes';
import { backFromCancelledSignIn, offersHome } from '../../src/shared/navigation/useBack';
import { safeStorage } from '../../src/shared/state/safeStorage';

const origin = 'https://film.example.org';
const parts = (path: string) => {
  const url = new URL(path, origin);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

describe('back-path', () => {
  it.each([
    ['/myStudyList?tab=2#top', '/myStudyList?tab=2#top'],
    ['/index', '/index'],
    ['https://evil.example.com/x', null],
    ['//evil.example.com/x', null],
    ['/\\evil.example.com', null],
    ['/.//evil.example.com/x', null],
    ['/..//evil.example.com/x', null],
    ['/a/..//evil.example.com/x', null],
    ['/\t/evil.example.com/x', null],
    ['javascript:alert(1)', null],
    ['myStudyList', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (value, expected) => {
    expect(safeBackPath(value, origin)).toBe(expected);
  });
});

describe('error page address', () => {
  it('gets a back-path of the previous full path when entered from another page', () => {
    expect(errorAddressWithBack(parts('/error?code=500'), '/aiOrder?tab=2')).toBe('/error?code=500&back=%2FaiOrder%3Ftab%3D2');
  });

  it('is left alone when entered directly, when it has a back-path, or when coming from the error page itself', () => {
    expect(errorAddressWithBack(parts('/error'), null)).toBeNull();
    expect(errorAddressWithBack(parts('/error?back=%2Findex'), '/aiOrder')).toBeNull();
    expect(errorAddressWithBack(parts('/error?code=1'), '/error?code=2')).toBeNull();
    expect(errorAddressWithBack(parts('/index'), '/aiOrder')).toBeNull();
  });

  it('carries outcomes of the error catalogue', () => {
    expect(outcomeHref({ to: 'errorStop', message: '停用', code: 7001 })).toBe('/errorStop?code=7001&msg=%E5%81%9C%E7%94%A8');
    expect(outcomeHref({ to: 'error', messageKey: 'error.network', network: true })).toBe('/error?key=error.network&network=1');
    expect(outcomeHref({ to: 'signIn' })).toBeNull();
    expect(outcomeHref({ to: 'nothing' })).toBeNull();
  });

  it('reads its parameters defensively', () => {
    const params = readErrorParams('?code=500&msg=busy&key=error.network&network=1&back=%2Findex', origin, isMessageKey);
    expect(params).toEqual({ code: '500', message: 'busy', messageKey: 'error.network', network: true, back: '/index' });
    const hostile = readErrorParams('?code=<b>&key=route.aiOrder&back=https%3A%2F%2Fevil.com', origin, isMessageKey);
    expect(hostile).toEqual({ code: null, message: null, messageKey: null, network: false, back: null });
    expect(readErrorParams(`?msg=${'x'.repeat(1000)}`, origin, isMessageKey).message).toHaveLength(300);
  });
});

describe('entry URL', () => {
  it('is the first URL of the page load, stored again after each navigation', () => {
    const storage = safeStorage(() => undefined);
    const memory = createEntryUrlMemory(storage, `${origin}/index?id=1`);
    storage.set(ENTRY_URL_KEY, 'cleared by someone');
    memory.afterNavigation();
    expect(storage.get(ENTRY_URL_KEY)).toBe(`${origin}/index?id=1`);
    expect(memory.entryUrl()).toBe(`${origin}/index?id=1`);
  });
});

describe('the way home', () => {
  it('is offered on every page but Home, the entry page (index without a film id) and the sign-in protocol pages', () => {
    const without = ROUTES.filter((route) => !offersHome(route, '')).map((route) => route.name);
    expect(without.sort()).toEqual(['Home', 'index', 'oidc-callback', 'oidc-slient-renew'].sort());
    expect(offersHome(ROUTE.index, '?id=film-5')).toBe(true);
    expect(offersHome(ROUTE.index, '?hosp=DEMO001&code=42')).toBe(false);
    expect(offersHome(ROUTE.Home, '?id=film-5')).toBe(false);
    expect(offersHome(undefined, '')).toBe(true);
  });
});

describe('back from a cancelled sign-in', () => {
  it.each([
    // The page the sign-in began on, when anyone may see it, even with pages before it.
    ['/checking?x=1', '/aiOrder', 2, { page: '/checking?x=1' }],
    // A page that needs sign-in, or a sign-in step, is not one to go back to: the page before.
    ['/aiOrder', '/aiOrder', 1, 'previous'],
    ['/oidc-callback', '/aiOrder', 1, 'previous'],
    [null, '/newCheck', 1, 'previous'],
    // No page before: where the sign-in was headed if it is open, else the start page.
    [null, '/newCheck?from=share', 0, { page: '/newCheck?from=share' }],
    ['/aiOrder', '/aiOrder', 0, { page: '/index' }],
    [null, '/not-a-page', 0, { page: '/index' }],
  ] as const)('began on %s, headed for %s, %i pages before', (from, returnTo, pagesBefore, expected) => {
    expect(backFromCancelledSignIn(from, returnTo, pagesBefore)).toEqual(expected);
  });
});
