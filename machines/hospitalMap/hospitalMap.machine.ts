import { fromPromise, setup } from 'xstate';
import type { HospitalMapContext, HospitalMapEvent, HospitalMapInput, MapOutcome, PlaceLike } from './hospitalMap.types';

/** Inside WeChat, the hospital's place on WeChat's map, and the map site when WeChat cannot show it. */
export const hospitalMapMachine = setup({
  types: { context: {} as HospitalMapContext, events: {} as HospitalMapEvent, input: {} as HospitalMapInput },
  actors: {
    /** WeChat's map (the platform port). */
    openLocation: fromPromise<MapOutcome, PlaceLike>(() => Promise.reject(new Error('hospitalMap: no openLocation actor provided'))),
  },
  actions: {
    /** Load the map site's page of the place in this tab (the wiring's navigation). */
    openMapSite: (_, _params: { href: string }) => {},
  },
  guards: {
    inWeChat: ({ context }) => context.inWeChat,
    opened: (_, outcome: MapOutcome) => outcome === 'opened',
  },
}).createMachine({
  id: 'hospitalMap',
  context: ({ input }) => input,
  initial: 'idle',
  states: {
    idle: {
      on: {
        OPEN: { guard: 'inWeChat', target: 'opening', description: "Outside WeChat the link opens the map site in a new tab by itself." },
      },
    },
    opening: {
      invoke: {
        id: 'openLocation',
        src: 'openLocation',
        input: ({ context }) => context.place,
        onDone: [
          { guard: { type: 'opened', params: ({ event }) => event.output }, target: 'idle' },
          {
            target: 'idle',
            description: 'WeChat could not show it: the map site instead.',
            actions: { type: 'openMapSite', params: ({ context }) => ({ href: context.mapHref }) },
          },
        ],
        onError: { target: 'idle', actions: { type: 'openMapSite', params: ({ context }) => ({ href: context.mapHref }) } },
      },
    },
  },
});

export type HospitalMapMachine = typeof hospitalMapMachine;
