// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AI_ORDER_STATUS } from '../../machines/aiOrder/aiOrder.types';
import { PAY_WAY } from '../../machines/payment/payment.types';
import { SDK_STATE } from '../../machines/wechatSdk/wechatSdk.types';
import { AI_ORDER_FILTER_ALL, AI_ORDER_TABS } from '../../src/features/aiOrders/aiOrderTabs';
import { IMAGE_CHOOSER_DEFAULTS, MAP_SCALE_DEFAULT, SCAN_TYPES } from '../../src/shared/platform/wechat';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  HTTP_TIMEOUT_MS,
  PAGE_SIZE,
  ROOT_FONT_SIZE_DIVISOR,
  SIGN_IN_DEFAULTS,
  THEMES,
  isThemeId,
} from '../../src/shared/rules/constants';

describe('spec §9 constants', () => {
  it('have the spec values', () => {
    expect(PAGE_SIZE).toBe(8);
    expect(HTTP_TIMEOUT_MS).toBe(120000);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(PAY_WAY).toEqual({ inApp: 1, h5: 2 });
    expect(IMAGE_CHOOSER_DEFAULTS).toEqual({
      count: 9,
      sizeType: ['original', 'compressed'],
      sourceType: ['album', 'camera'],
    });
    expect(MAP_SCALE_DEFAULT).toBe(28);
    expect(SCAN_TYPES).toEqual(['qrCode', 'barCode']);
    expect(ROOT_FONT_SIZE_DIVISOR).toBe(10);
    expect(SIGN_IN_DEFAULTS).toEqual({
      silentRenewTimeoutSeconds: 10,
      checkSessionIntervalSeconds: 2,
      accessTokenExpiringNotificationSeconds: 60,
    });
    expect(SDK_STATE).toEqual({ pending: 0, ready: 1, failed: -1 });
  });
});

describe('themes', () => {
  it('are the six themes of spec §3, in id order', () => {
    expect(THEMES).toEqual([
      { id: 1, name: 'gray-green' },
      { id: 2, name: 'primary' },
      { id: 3, name: 'purple' },
      { id: 4, name: 'spring-green' },
      { id: 5, name: 'verdure-green' },
      { id: 6, name: 'deep-green' },
    ]);
  });

  it.each([
    [1, true],
    [6, true],
    [0, false],
    [7, false],
    [1.5, false],
    ['1', false],
    [null, false],
    [undefined, false],
  ])('isThemeId(%j) → %s', (value, expected) => {
    expect(isThemeId(value)).toBe(expected);
  });
});

describe('AI order codes', () => {
  it('are the spec §4 codes, defined once beside the AI order chart', () => {
    expect(AI_ORDER_STATUS).toEqual({ queued: 0, analysing: 1, toBePaid: 2, succeeded: 3, failed: 4, closed: 5 });
  });

  it('list the four tabs in order with their filters', () => {
    expect(AI_ORDER_FILTER_ALL).toBe(-1);
    expect(AI_ORDER_TABS).toEqual([
      { key: 'all', status: -1 },
      { key: 'toBePaid', status: 2 },
      { key: 'inProgress', status: 1 },
      { key: 'tradeClosed', status: 5 },
    ]);
  });

});
