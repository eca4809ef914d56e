import { createActor } from 'xstate';
import { fromPromise } from 'xstate';
import * as z from 'zod/mini';
import { payWayFor, sdkStateCode } from '../../../machines/wechatSdk/wechatSdk.connect';
import { wechatSdkMachine } from '../../../machines/wechatSdk/wechatSdk.machine';
import type { PayWay } from '../../../machines/payment/payment.types';
import type { ApiClient } from '../api/client';
import { ENDPOINTS } from '../api/endpoints';
import type { Inspector } from '../charts/inspection';
import { configureWx, isIOS, isWeChat, setShareCard, signatureUrl, type ShareCard } from './wechat';

const jsConfigSchema = z.object({ appId: z.string(), timestamp: z.number(), nonceStr: z.string(), signature: z.string() });

/** What the app asks of WeChat: how to pay now, and the SDK's config state. */
export interface WechatPort {
  payWay(): PayWay;
  stateCode(): 0 | 1 | -1 | null;
  /** After a navigation: a platform that signs the current URL needs a new signature. */
  pageChanged(currentUrl: string): void;
  /**
   * Inside WeChat with the SDK ready, makes "send to a friend" send this card: `ready`; outside
   * WeChat `unavailable`; `failed` when the SDK failed or WeChat refused.
   */
  shareCard(card: ShareCard): Promise<'ready' | 'unavailable' | 'failed'>;
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
  return {
    payWay: () => payWayFor(actor.getSnapshot()),
    stateCode: () => sdkStateCode(actor.getSnapshot()),
    async shareCard(card) {
      if (!inWeChat) return 'unavailable';
      if (sdkStateCode(actor.getSnapshot()) !== 1) return 'failed';
      return setShareCard(card).then(
        () => 'ready' as const,
        () => 'failed' as const,
      );
    },
    pageChanged(currentUrl) {
      const next = urlToSign(currentUrl);
      if (!inWeChat || ios || next === signedUrl) return;
      signedUrl = next;
      actor.send({ type: 'PAGE_CHANGED', url: next });
    },
  };
}
