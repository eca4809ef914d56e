const config = { appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 's' };
/** The WeChat SDK chart's events for path generation: in and out of WeChat, a new page, "try again", every answer. */
export const wechatSdkEvents = [
  { type: 'START', inWeChat: true, url: 'https://film.example.org/index?id=1' },
  { type: 'START', inWeChat: false, url: 'https://film.example.org/index' },
  { type: 'PAGE_CHANGED', url: 'https://film.example.org/aiOrder' },
  { type: 'RETRY' },
  { type: 'xstate.done.actor.getSignature', output: config },
  { type: 'xstate.error.actor.getSignature', error: new Error('offline') },
  { type: 'xstate.done.actor.configure' },
  { type: 'xstate.error.actor.configure', error: new Error('invalid signature') },
];

export const wechatSdkFixtures = { config };
