import { assign, fromPromise, setup } from 'xstate';
import { present } from '../present';
import type { JsConfig, WechatSdkContext, WechatSdkEvent } from './wechatSdk.types';

const need = <T>(value: T | null, what: string) => present(value, what, 'wechatSdk');

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
  context: { url: null, config: null },
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
        input: ({ context }) => ({ url: need(context.url, 'URL to sign') }),
        onDone: { target: 'configuring', actions: assign({ config: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: 'alertRegistrationFailed' },
      },
    },
    configuring: {
      tags: ['pending'],
      // The signature is for this one wx.config.
      exit: assign({ config: null }),
      invoke: {
        id: 'configure',
        src: 'configure',
        input: ({ context }) => need(context.config, 'signature config'),
        onDone: 'ready',
        onError: { target: 'failed', actions: 'alertRegistrationFailed' },
      },
    },
    ready: {
      on: { PAGE_CHANGED: { target: 'signing', actions: assign({ url: ({ event }) => event.url }) } },
    },
    failed: {
      on: {
        PAGE_CHANGED: { target: 'signing', actions: assign({ url: ({ event }) => event.url }) },
        RETRY: { target: 'signing', description: 'Try again: the same page URL is signed and configured anew.' },
      },
    },
  },
});

export type WechatSdkMachine = typeof wechatSdkMachine;
