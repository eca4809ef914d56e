import { assign, fromPromise, setup } from 'xstate';
import type { ScanEntryContext, ScanEntryEvent, ScanOutcome, ScanProblem } from './scanEntry.types';

/** A text that is no bag's code: said as "not a bag's code", or as "nothing" when blank. */
const notBag = (text: string): ScanProblem => (text.trim() ? 'notBag' : 'empty');

/** The scan entry: the scanner, the dialog to type a code, and the collect form for a bag's code. */
export const scanEntryMachine = setup({
  types: { context: {} as ScanEntryContext, events: {} as ScanEntryEvent },
  actors: {
    scan: fromPromise<ScanOutcome>(() => Promise.reject(new Error('scanEntry: no scan actor provided'))),
  },
  actions: {
    /** The dialog opens on an empty field, saying why (or nothing, where there is no scanner). */
    typeInstead: assign((_, problem: ScanProblem | null) => ({ typed: '', problem })),
    say: assign((_, problem: ScanProblem) => ({ problem })),
    // "The scanner failed" stays while typing; a problem with what was typed goes once it changes.
    type: assign(({ context }, typed: string) => ({ typed, problem: context.problem === 'scannerFailed' ? context.problem : null })),
    forgetProblem: assign({ problem: null }),
    /** Go to the collect form for this bag (the wiring's navigation). */
    openBag: (_, _params: { code: string }) => {},
  },
  guards: {
    isBag: (_, code: string | null) => code !== null,
    scanned: (_, outcome: ScanOutcome) => outcome.kind === 'scanned',
    cancelled: (_, outcome: ScanOutcome) => outcome.kind === 'cancelled',
    failed: (_, outcome: ScanOutcome) => outcome.kind === 'failed',
  },
}).createMachine({
  id: 'scanEntry',
  context: { typed: '', problem: null },
  initial: 'idle',
  states: {
    idle: {
      on: { SCAN: 'scanning' },
    },
    scanning: {
      tags: ['busy'],
      invoke: {
        id: 'scan',
        src: 'scan',
        onDone: [
          {
            guard: { type: 'isBag', params: ({ event }) => (event.output.kind === 'scanned' ? event.output.code : null) },
            target: 'idle',
            // No problem to forget: one is only ever shown in the dialog, which is closed while scanning.
            actions: { type: 'openBag', params: ({ event }) => ({ code: (event.output as { code: string }).code }) },
          },
          {
            guard: { type: 'scanned', params: ({ event }) => event.output },
            target: 'typing',
            description: "What was scanned is no bag's code: the dialog says so, to type the code instead.",
            actions: { type: 'say', params: ({ event }) => notBag((event.output as { text: string }).text) },
          },
          { guard: { type: 'cancelled', params: ({ event }) => event.output }, target: 'idle' },
          { guard: { type: 'failed', params: ({ event }) => event.output }, target: 'typing', actions: { type: 'typeInstead', params: 'scannerFailed' } },
          { target: 'typing', description: 'No scanner here: type the code.', actions: { type: 'typeInstead', params: null } },
        ],
        onError: { target: 'typing', actions: { type: 'typeInstead', params: 'scannerFailed' } },
      },
    },
    typing: {
      on: {
        TYPE: { actions: { type: 'type', params: ({ event }) => event.value } },
        SUBMIT: [
          {
            guard: { type: 'isBag', params: ({ event }) => event.code },
            target: 'idle',
            actions: [{ type: 'openBag', params: ({ event }) => ({ code: event.code as string }) }, 'forgetProblem'],
          },
          { description: "No bag's code: say so; the dialog stays.", actions: { type: 'say', params: ({ context }) => notBag(context.typed) } },
        ],
        CLOSE: { target: 'idle', description: 'What was typed stays for the next time; the problem goes.', actions: 'forgetProblem' },
      },
    },
  },
});

export type ScanEntryMachine = typeof scanEntryMachine;
