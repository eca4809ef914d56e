import { createActor, fromPromise } from 'xstate';
import * as z from 'zod/mini';
import { payWayFor, sdkStateCode } from '../../../machines/wechatSdk/wechatSdk.connect';
import { wechatSdkMachine } from '../../../machines/wechatSdk/wechatSdk.machine';
import { SDK_STATE } from '../../../machines/wechatSdk/wechatSdk.types';
import type { PayWayNow } from '../../../machines/payment/payment.types';
import type { ApiClient } from '../api/client';
import { ENDPOINTS } from '../api/endpoints';
import type { Inspector } from '../charts/inspection';
import { configureWx, isIOS, isWeChat, loadWx, setShareCard, signatureUrl, type ShareCard } from './wechat';
// WeChat's image chooser, map and scanner are chunks of their own: only a page inside WeChat that
// uses them downloads them.
import type { ChosenImages } from './wechatImages';
import type { Place, ScanResult } from './wechatPlaces';

const jsConfigSchema = z.object({ appId: z.string(), timestamp: z.number(), nonceStr: z.string(), signature: z.string() });

/** What the app asks of WeChat: how to pay now, and whether its own pickers can be used. */
export interface WechatPort {
  /** Outside WeChat 2 (H5); inside WeChat 1 with the SDK ready, `wechatNotReady` until then (never H5). */
  payWay(): PayWayNow;
  /**
   * Settles when WeChat pay can start: at once if the SDK is ready, when its configuration ends if
   * it is under way; rejects when it failed, outside WeChat, or when `signal` aborts.
   */
  whenPayReady(signal: AbortSignal): Promise<void>;
  /** After the SDK's configuration failed, runs it again (nothing while it runs, or once it is ready). */
  retry(): void;
  /** Inside WeChat with wx.config done: the chooser, map and scanner below are WeChat's own. */
  ready(): boolean;
  /** Calls `onChange` whenever the SDK's state changes (wx.config settling after the page is drawn); returns the unsubscribe. */
  subscribe(onChange: () => void): () => void;
  /** After a navigation: a platform that signs the current URL needs a new signature. */
  pageChanged(currentUrl: string): void;
  /**
   * Inside WeChat with the SDK ready, makes "send to a friend" send this card: `ready`; outside
   * WeChat `unavailable`; `failed` when the SDK failed or WeChat refused.
   */
  shareCard(card: ShareCard): Promise<'ready' | 'unavailable' | 'failed'>;
  /** WeChat's image chooser, inside WeChat with the SDK ready; `unavailable` elsewhere (use a file input). */
  chooseImages(count: number): Promise<ChosenImages | { kind: 'unavailable' }>;
  /** WeChat's map, inside WeChat with the SDK ready; `unavailable` elsewhere (use a map link). */
  openLocation(place: Place): Promise<'opened' | 'failed' | 'unavailable'>;
  /** WeChat's scanner, inside WeChat with the SDK ready; `unavailable` elsewhere (type the code). */
  scanCode(): Promise<ScanResult | { kind: 'unavailable' }>;
}

export function startWechatSdk(deps: {
  api: ApiClient;
  userAgent: string;
  entryUrl: string;
  currentUrl: () => string;
  alertRegistrationFailed: () => void;
  inspect?: Inspector;
}): WechatPort {
  const ios = isIOS(deps.userAgent);
  const inWeChat = isWeChat(deps.userAgent);
  const urlToSign = (currentUrl: string) => signatureUrl({ ios, entryUrl: deps.entryUrl, currentUrl });
  const actor = createActor(
    wechatSdkMachine.provide({
      actors: {
        getSignature: fromPromise(({ input }) =>
          deps.api.request(ENDPOINTS.wechat.GetJsConfigParms, { params: { url: input.url }, schema: jsConfigSchema }),
        ),
        configure: fromPromise(({ input }) => configureWx(input)),
      },
      actions: { alertRegistrationFailed: deps.alertRegistrationFailed },
    }),
    { inspect: deps.inspect },
  ).start();
  actor.send({ type: 'START', inWeChat, url: urlToSign(deps.currentUrl()) });
  let signedUrl = urlToSign(deps.currentUrl());
  /** The SDK's calls work only inside WeChat once wx.config succeeded. */
  const ready = () => inWeChat && sdkStateCode(actor.getSnapshot()) === 1;
  return {
    payWay: () => payWayFor(actor.getSnapshot()),
    whenPayReady(signal) {
      /** Null while the SDK is being configured; then whether WeChat pay can start. */
      const outcome = () => {
        if (signal.aborted) return 'no longer wanted';
        const code = inWeChat ? sdkStateCode(actor.getSnapshot()) : null;
        if (code === SDK_STATE.pending) return null;
        return code === SDK_STATE.ready ? 'ready' : 'not ready';
      };
      return new Promise<void>((resolve, reject) => {
        const settle = (now: NonNullable<ReturnType<typeof outcome>>) =>
          now === 'ready' ? resolve() : reject(new Error(`wechat: WeChat pay is ${now} (SDK state ${String(sdkStateCode(actor.getSnapshot()))})`));
        const first = outcome();
        if (first) return settle(first);
        const subscription = actor.subscribe(() => check());
        const check = () => {
          const now = outcome();
          if (!now) return;
          subscription.unsubscribe();
          signal.removeEventListener('abort', check);
          settle(now);
        };
        signal.addEventListener('abort', check);
      });
    },
    retry: () => actor.send({ type: 'RETRY' }),
    ready,
    subscribe(onChange) {
      const subscription = actor.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    async shareCard(card) {
      if (!inWeChat) return 'unavailable';
      if (sdkStateCode(actor.getSnapshot()) !== 1) return 'failed';
      return setShareCard(card).then(
        () => 'ready' as const,
        () => 'failed' as const,
      );
    },
    async chooseImages(count) {
      if (!ready()) return { kind: 'unavailable' };
      const [wx, { chooseWxImages }] = await Promise.all([loadWx(), import('./wechatImages')]);
      return chooseWxImages(wx, count);
    },
    async openLocation(place) {
      if (!ready()) return 'unavailable';
      const [wx, { openWxLocation }] = await Promise.all([loadWx(), import('./wechatPlaces')]);
      return openWxLocation(wx, place);
    },
    async scanCode() {
      if (!ready()) return { kind: 'unavailable' };
      const [wx, { scanWxCode }] = await Promise.all([loadWx(), import('./wechatPlaces')]);
      return scanWxCode(wx);
    },
    pageChanged(currentUrl) {
      const next = urlToSign(currentUrl);
      if (!inWeChat || ios || next === signedUrl) return;
      signedUrl = next;
      actor.send({ type: 'PAGE_CHANGED', url: next });
    },
  };
}
