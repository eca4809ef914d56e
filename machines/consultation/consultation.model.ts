import type { ConsultationInput } from './consultation.types';

/** Opened from a study's film detail, not having left for the consultation page yet. */
export const consultationInput: ConsultationInput = { collectFilmId: '12', cameBack: false };

/** The consultation chart's events for path generation: every kind of answer, its failure, and what the patient does. */
export const consultationEvents = [
  { type: 'RETRY' },
  { type: 'ASK_AGAIN' },
  { type: 'OPEN_AGAIN' },
  { type: 'CAME_BACK' },
  { type: 'xstate.done.actor.ask', output: { kind: 'go', url: 'https://consult.example.org/zjwz?t=1' } },
  { type: 'xstate.done.actor.ask', output: { kind: 'refused', origin: 'https://evil.example' } },
  { type: 'xstate.done.actor.ask', output: { kind: 'notOffered' } },
  { type: 'xstate.done.actor.ask', output: { kind: 'declined', message: '服务暂不可用' } },
  { type: 'xstate.error.actor.ask', error: new Error('offline') },
];
