import type { SnapshotFrom } from 'xstate';
import { PAY_WAY, WECHAT_NOT_READY, type PayWayNow } from '../payment/payment.types';
import type { WechatSdkMachine } from './wechatSdk.machine';
import { SDK_STATE } from './wechatSdk.types';

/** The spec's config state code (0 pending, 1 ready, -1 failed), or null outside WeChat. */
export function sdkStateCode(snapshot: SnapshotFrom<WechatSdkMachine>): 0 | 1 | -1 | null {
  if (snapshot.matches('ready')) return SDK_STATE.ready;
  if (snapshot.matches('failed')) return SDK_STATE.failed;
  if (snapshot.hasTag('pending') || snapshot.matches('idle')) return SDK_STATE.pending;
  return null;
}

/**
 * How a tap on pay can pay now, the one rule for it: outside WeChat the H5 page (pay way 2);
 * inside WeChat WeChat pay (1) once the SDK is ready, and until then `wechatNotReady`, never the
 * H5 page, which WeChat cannot pay on.
 */
export function payWayFor(snapshot: SnapshotFrom<WechatSdkMachine>): PayWayNow {
  const code = sdkStateCode(snapshot);
  if (code === null) return PAY_WAY.h5;
  return code === SDK_STATE.ready ? PAY_WAY.inApp : WECHAT_NOT_READY;
}
