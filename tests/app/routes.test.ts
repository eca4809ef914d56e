// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isPublicRoute, PUBLIC_PATHS, ROUTE, ROUTE_NAMES, ROUTES, routeByPath, SELFHELP_REDIRECT } from '../../src/shared/navigation/routes';
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
      ['oidcIndex', 'deel', 'experience', 'index', 'checking', 'cloudFilm', 'error', 'errorStop', 'checkList', 'shareCode', 'myImageList',
        'downloadLink', 'downloadFilm', 'myStudyList', 'newCheck', 'verification', 'medicalTag', 'help', 'helpDetail', 'oidc-error',
        'oidc-callback', 'oidc-slient-renew'].sort(),
    );
  });

  it('lists the public paths verbatim; /about-us names no route of the table', () => {
    expect(PUBLIC_PATHS).toHaveLength(18);
    expect(routeByPath('/about-us')).toBeUndefined();
  });

  it('redirects the QR self-help entry to index', () => {
    expect(SELFHELP_REDIRECT).toEqual({ from: '/sl/pic/qr/selfhelp', to: '/index' });
  });
});
