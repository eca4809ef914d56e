import { useSyncExternalStore } from 'react';
import { useServices } from '../services';

/**
 * Whether WeChat's own pickers can be used now (inside WeChat, wx.config done), drawn again when
 * that changes: the SDK often settles after the screen is first drawn.
 */
export function useWechatReady(): boolean {
  const { wechat } = useServices();
  return useSyncExternalStore(wechat.subscribe, wechat.ready);
}
