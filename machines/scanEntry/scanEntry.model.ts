/** The scan entry's events for path generation: every scanner answer, typing, and both verdicts on what was typed. */
export const scanEntryEvents = [
  { type: 'SCAN' },
  { type: 'TYPE', value: 'CT2' },
  { type: 'SUBMIT', code: 'CT202610020001' },
  { type: 'SUBMIT', code: null },
  { type: 'CLOSE' },
  { type: 'xstate.done.actor.scan', output: { kind: 'scanned', text: 'https://film.example/index?code=CT202610020001', code: 'CT202610020001' } },
  { type: 'xstate.done.actor.scan', output: { kind: 'scanned', text: 'https://mp.weixin.qq.com/s/abc', code: null } },
  { type: 'xstate.done.actor.scan', output: { kind: 'scanned', text: '', code: null } },
  { type: 'xstate.done.actor.scan', output: { kind: 'cancelled' } },
  { type: 'xstate.done.actor.scan', output: { kind: 'failed' } },
  { type: 'xstate.done.actor.scan', output: { kind: 'unavailable' } },
  { type: 'xstate.error.actor.scan', error: new Error('wx bridge') },
];
