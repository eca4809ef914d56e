import { assign, fromPromise, setup } from 'xstate';
import type { JsConfig, WechatSdkContext, WechatSdkEvent } from './wechatSdk.types';

/**
 * The WeChat JS-SDK chart. The app provides `getSignature` (the signature config call with the
 * page URL), `configure` (wx.config, settled by wx.ready or wx.error) and the failure alert.
 */
export const wechatSdkMachine = setup({
  types: { context: {} as WechatSdkContext, events: {} as WechatSdkEvent },
  actors: {
    getSignature: fromPromise<JsConfig, { url: string }>(() => Promise.reject(new Error('wechatSdk: no getSignature'))),
    configure: fromPromise<void, JsConfig>(() => Promise.reject(new Error('wechatSdk: no configure'))),
  },
  actions: {
    /** Spec section 8: alert "ios registration failed". */
    alertRegistrationFailed: () => {},
  },
  guards: {
    inWeChat: ({ event }) => event.type === 'START' && event.inWeChat,
  },
}).createMachine({
  id: 'wechatSdk',
  context: { url: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        START: [
          { guard: 'inWeChat', target: 'signing', actions: assign({ url: ({ event }) => event.url }) },
          { target: 'inactive' },
        ],
      },
    },
    /** Not inside WeChat: pay way 2 (H5) and no SDK features. */
    inactive: {},
    signing: {
      tags: ['pending'],
      invoke: {
        id: 'getSignature',
        src: 'getSignature',
        input: ({ context }) => ({ url: context.url! }),
        onDone: 'configuring',
        onError: { target: 'failed', actions: 'alertRegistrationFailed' },
      },
    },
    configuring: {
      tags: ['pending'],
      invoke: {
        id: 'configure',
        src: 'configure',
        input: ({ event }) => (event as unknown as { output: JsConfig }).output,
        onDone: 'ready',
        onError: { target: 'failed', actions: 'alertRegistrationFailed' },
      },
    },
    ready: {
      on: { PAGE_CHANGED: { target: 'signing', actions: assign({ url: ({ event }) => event.url }) } },
    },
    failed: {
      on: { PAGE_CHANGED: { target: 'signing', actions: assign({ url: ({ event }) => event.url }) } },
    },
  },
});

export type WechatSdkMachine = typeof wechatSdkMachine;
