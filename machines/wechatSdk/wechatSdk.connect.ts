import type { SnapshotFrom } from 'xstate';
import type { WechatSdkMachine } from './wechatSdk.machine';
import { SDK_STATE } from './wechatSdk.types';

/** The spec's config state code (0 pending, 1 ready, -1 failed), or null outside WeChat. */
export function sdkStateCode(snapshot: SnapshotFrom<WechatSdkMachine>): 0 | 1 | -1 | null {
  if (snapshot.matches('ready')) return SDK_STATE.ready;
  if (snapshot.matches('failed')) return SDK_STATE.failed;
  if (snapshot.hasTag('pending') || snapshot.matches('idle')) return SDK_STATE.pending;
  return null;
}

/** Pay way 1 (in-app) only inside WeChat with the SDK ready; 2 (H5) everywhere else. */
export function payWayFor(snapshot: SnapshotFrom<WechatSdkMachine>): 1 | 2 {
  return snapshot.matches('ready') ? 1 : 2;
}
