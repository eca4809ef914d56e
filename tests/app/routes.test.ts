// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ALIAS_REDIRECTS, filmIdOf, isPublicRoute, PUBLIC_PATHS, ROUTE, ROUTE_NAMES, ROUTES, routeByPath } from '../../src/shared/navigation/routes';
import { zhCN } from '../../src/shared/i18n/zh-CN';

describe('route table', () => {
  it('has every route of spec section 2 once, path = name unless the spec gives one', () => {
    expect(ROUTES).toHaveLength(40);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(40);
    expect(ROUTE.index.path).toBe('/index');
    expect(ROUTE.oidcIndex.path).toBe('/');
    expect(ROUTE.aiOrder.path).toBe('/aiOrder');
    expect(ROUTE['oidc-slient-renew'].path).toBe('/oidc-slient-renew');
    for (const name of ROUTE_NAMES) if (name !== 'index' && name !== 'oidcIndex') expect(ROUTE[name].path).toBe(`/${name}`);
  });

  it('gives the titles the specification names', () => {
    const titles = Object.fromEntries(ROUTES.map((r) => [r.name, zhCN[r.titleKey]]));
    expect(titles).toMatchObject({
      index: '云胶片',
      help: '帮助中心',
      imageStore: '付费存储',
      personal: '个人中心',
      aiOrder: 'AI订单列表',
      downloadLink: '下载影像',
      downloadList: '下载记录',
    });
  });

  it('keeps myImageList and myStudyList alive, nothing else', () => {
    expect(ROUTES.filter((r) => r.keepAlive).map((r) => r.name)).toEqual(['myImageList', 'myStudyList']);
  });

  it('records both login readings; a route is public when either makes it public', () => {
    // Route flags say no login: help, helpDetail, experience, oidc-error, newCheck, verification.
    expect(ROUTE.help).toMatchObject({ loginFlag: false, inPublicList: false });
    expect(isPublicRoute(ROUTE.help)).toBe(true);
    // The list says public though the flag says login: myStudyList, index, cloudFilm ...
    expect(ROUTE.myStudyList).toMatchObject({ loginFlag: true, inPublicList: true });
    expect(isPublicRoute(ROUTE.myStudyList)).toBe(true);
    // Neither reading: login required.
    for (const name of ['aiOrder', 'personal', 'imageStore', 'Home', 'logout', 'shareList'] as const) {
      expect(isPublicRoute(ROUTE[name]), name).toBe(false);
    }
    const publicNames = ROUTES.filter(isPublicRoute).map((r) => r.name).sort();
    expect(publicNames).toEqual(
      ['oidcIndex', 'about', 'deel', 'experience', 'index', 'checking', 'cloudFilm', 'error', 'errorStop', 'checkList', 'shareCode', 'myImageList',
        'downloadLink', 'downloadFilm', 'myStudyList', 'newCheck', 'verification', 'medicalTag', 'help', 'helpDetail', 'oidc-error',
        'oidc-callback', 'oidc-slient-renew'].sort(),
    );
  });

  it('lists the public paths verbatim; /about-us is an alias of about, public under the list reading', () => {
    expect(PUBLIC_PATHS).toHaveLength(18);
    expect(ROUTE.about).toMatchObject({ path: '/about', aliases: ['/about-us'], loginFlag: true, inPublicList: true });
    expect(isPublicRoute(ROUTE.about)).toBe(true);
    expect(routeByPath('/about-us')).toBe(ROUTE.about);
    expect(routeByPath('/About-Us')).toBe(ROUTE.about);
    // Every path of the list names a route, by its path or an alias, and every such route is public.
    for (const path of PUBLIC_PATHS) expect(routeByPath(path), path).toMatchObject({ inPublicList: true });
  });

  it('keeps the aliases in one table: the QR self-help entry leads to index, /about-us to about', () => {
    expect(ALIAS_REDIRECTS.map(({ from, to }) => [from, to.path])).toEqual([
      ['/sl/pic/qr/selfhelp', '/index'],
      ['/about-us', '/about'],
    ]);
    const addresses = [...ROUTES.map((r) => r.path), ...ALIAS_REDIRECTS.map((a) => a.from)].map((p) => p.toLowerCase());
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it('reads the film id of index, which makes it the film detail', () => {
    expect(filmIdOf('?id=film-5')).toBe('film-5');
    expect(filmIdOf('?code=42&id=%20')).toBeNull();
    expect(filmIdOf('')).toBeNull();
  });
});
