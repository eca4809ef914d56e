import type { ConsultationInput, ConsultationSends } from './consultation.types';

/** Opened from a study's film detail, not having left for the consultation page yet. */
export const consultationInput: ConsultationInput = { collectFilmId: '12', cameBack: false };

/** What the model's consultation address sends (as src/features/consultation/consultationLink.ts reads it). */
const sends: ConsultationSends = {
  site: 'consult.example.org',
  patientName: '张*',
  hospital: '云胶片示范医院',
  study: { modality: 'CT', description: '胸部CT平扫', date: '2026-02-09', number: '12' },
  other: ['t'],
};

/** The consultation chart's events for path generation: every kind of answer, its failure, and what the patient does. */
export const consultationEvents = [
  { type: 'RETRY' },
  { type: 'ASK_AGAIN' },
  { type: 'OPEN_AGAIN' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'CAME_BACK' },
  { type: 'xstate.done.actor.ask', output: { kind: 'go', url: 'https://consult.example.org/zjwz?patient=%E5%BC%A0*&id=12&t=1', sends } },
  { type: 'xstate.done.actor.ask', output: { kind: 'refused', origin: 'https://evil.example' } },
  { type: 'xstate.done.actor.ask', output: { kind: 'notOffered' } },
  { type: 'xstate.done.actor.ask', output: { kind: 'declined', message: '服务暂不可用' } },
  { type: 'xstate.error.actor.ask', error: new Error('offline') },
];
