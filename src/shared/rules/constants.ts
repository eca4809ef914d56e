/** Business constants and limits (spec §9), plus the code tables of spec §2–§4. */

/** Rows per page in every paged list. */
export const PAGE_SIZE = 8;

/** Default HTTP request timeout. */
export const HTTP_TIMEOUT_MS = 120_000;

/**
 * The 15000 ms timeout the spec gives for an HTTP client instance that the product never uses.
 * Kept for completeness; use {@link HTTP_TIMEOUT_MS} for real requests.
 */
export const HTTP_TIMEOUT_UNUSED_INSTANCE_MS = 15_000;

/** Timeout for loading a lazily loaded code chunk. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The `payway` query value of the pay call: 1 in-app (messaging app) pay, 2 H5 pay page. */
export const PAY_WAY = { inApp: 1, h5: 2 } as const;
export type PayWay = (typeof PAY_WAY)[keyof typeof PAY_WAY];

/** Image chooser defaults: up to 9 images, original or compressed, from album or camera. */
export const IMAGE_CHOOSER_DEFAULTS = {
  count: 9,
  sizeType: ['original', 'compressed'],
  sourceType: ['album', 'camera'],
} as const;

/** Default zoom scale when opening a map. */
export const MAP_SCALE_DEFAULT = 28;

/** Code types the scanner accepts: QR code and barcode. */
export const SCAN_TYPES = ['qrCode', 'barCode'] as const;
export type ScanType = (typeof SCAN_TYPES)[number];

/** The root font size in px is the screen width divided by this. */
export const ROOT_FONT_SIZE_DIVISOR = 10;

/** The six colour themes, by id. */
export const THEMES = [
  { id: 1, name: 'gray-green' },
  { id: 2, name: 'primary' },
  { id: 3, name: 'purple' },
  { id: 4, name: 'spring-green' },
  { id: 5, name: 'verdure-green' },
  { id: 6, name: 'deep-green' },
] as const;
export type Theme = (typeof THEMES)[number];
export type ThemeId = Theme['id'];
export type ThemeName = Theme['name'];

/** True when `value` is one of the theme ids 1–6 (a number, not a numeric string). */
export function isThemeId(value: unknown): value is ThemeId {
  return THEMES.some((theme) => theme.id === value);
}

/** Sign-in (OpenID Connect client) defaults, in seconds. */
export const SIGN_IN_DEFAULTS = {
  silentRenewTimeoutSeconds: 10,
  checkSessionIntervalSeconds: 2,
  accessTokenExpiringNotificationSeconds: 60,
} as const;

/** Every AI order status code the server sends (spec §4). */
export const AI_ORDER_STATUSES = [0, 1, 2, 3, 4, 5] as const;
export type AiOrderStatus = (typeof AI_ORDER_STATUSES)[number];

/** What an AI order status means: 0 and 1 are both "analysing". */
export type AiOrderPhase = 'analysing' | 'toBePaid' | 'succeeded' | 'failed' | 'closed';

/** AI order status → phase: 0 or 1 analysing, 2 to be paid, 3 succeeded/traded, 4 analysis failed, 5 closed. */
export const AI_ORDER_PHASE: Readonly<Record<AiOrderStatus, AiOrderPhase>> = {
  0: 'analysing',
  1: 'analysing',
  2: 'toBePaid',
  3: 'succeeded',
  4: 'failed',
  5: 'closed',
};

/** Named AI order statuses the product branches on. */
export const AI_ORDER_STATUS = {
  inProgress: 1,
  toBePaid: 2,
  succeeded: 3,
  failed: 4,
  closed: 5,
} as const satisfies Record<string, AiOrderStatus>;

/** True when `value` is one of the AI order status codes 0–5. */
export function isAiOrderStatus(value: unknown): value is AiOrderStatus {
  return AI_ORDER_STATUSES.some((status) => status === value);
}

/** The `status` filter that lists AI orders of every status. */
export const AI_ORDER_FILTER_ALL = -1;

/** The AI order list tabs, in display order, with the `status` filter each sends. */
export const AI_ORDER_TABS = [
  { key: 'all', status: AI_ORDER_FILTER_ALL },
  { key: 'toBePaid', status: AI_ORDER_STATUS.toBePaid },
  { key: 'inProgress', status: AI_ORDER_STATUS.inProgress },
  { key: 'tradeClosed', status: AI_ORDER_STATUS.closed },
] as const;
export type AiOrderTab = (typeof AI_ORDER_TABS)[number];
export type AiOrderTabKey = AiOrderTab['key'];
export type AiOrderTabFilter = AiOrderTab['status'];

/** Messaging (WeChat) JS-SDK config state: 0 pending, 1 ready, -1 failed. */
export const WECHAT_CONFIG_STATE = { pending: 0, ready: 1, failed: -1 } as const;
export type WeChatConfigState = (typeof WECHAT_CONFIG_STATE)[keyof typeof WECHAT_CONFIG_STATE];
