import type { DeviceKind } from '../src/shared/api/shareSchemas';

/**
 * The kind of device a browser's user agent names, for a share's opening log: coarse on purpose
 * (the owner learns "a phone", never a model or an address).
 */
export function deviceKindOf(userAgent: string | undefined): DeviceKind {
  const agent = userAgent ?? '';
  if (/MicroMessenger/i.test(agent)) return 'wechat';
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(agent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|HarmonyOS/i.test(agent)) return 'phone';
  if (/Windows NT|Macintosh|X11|CrOS|Linux/i.test(agent)) return 'computer';
  return 'unknown';
}
