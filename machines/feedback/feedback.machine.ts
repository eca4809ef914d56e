import { assign, fromPromise, setup } from 'xstate';
import type {
  ChooseOutcome,
  FeedbackContext,
  FeedbackDraft,
  FeedbackEvent,
  FeedbackInput,
  FeedbackProblem,
  FeedbackReceipt,
  FormProblem,
  ImageNotice,
  PreparedImages,
  SubmitOutcome,
  SubmitRequest,
} from './feedback.types';

const unprovided = (name: string) => () => Promise.reject(new Error(`feedback: no ${name} actor provided`));

/** The draft as it is kept across a reload and sent. */
export const draftOf = (context: FeedbackContext): FeedbackDraft => ({
  clientId: context.clientId,
  typeId: context.typeId,
  content: context.content,
  contact: context.contact,
  images: context.images,
  quality: context.quality,
});

export const room = (context: FeedbackContext) => Math.max(0, context.maxImages - context.images.length);

/**
 * The feedback chart: the draft comes back from the last visit, the patient writes and adds
 * images (each compressed on the phone), sends once with the upload's progress, and gets a
 * receipt; a refusal or no answer keeps everything, and the same clientId goes with the retry.
 */
export const feedbackMachine = setup({
  types: { context: {} as FeedbackContext, events: {} as FeedbackEvent, input: {} as FeedbackInput },
  actors: {
    loadDraft: fromPromise<FeedbackDraft | null>(unprovided('loadDraft')),
    chooseImages: fromPromise<ChooseOutcome, { room: number }>(unprovided('chooseImages')),
    prepareImages: fromPromise<PreparedImages, { files: Blob[]; room: number }>(unprovided('prepareImages')),
    submitFeedback: fromPromise<SubmitOutcome, SubmitRequest>(unprovided('submitFeedback')),
  },
  actions: {
    adoptDraft: assign((_, draft: FeedbackDraft) => ({ ...draft })),
    chooseType: assign(({ event }) => (event.type === 'CHOOSE_TYPE' ? { typeId: event.typeId } : {})),
    edit: assign(({ event }) => (event.type === 'EDIT' ? { [event.field]: event.value, problem: null, serverMessage: null, retryAfterSeconds: null } : {})),
    setQuality: assign(({ event }) => (event.type === 'SET_QUALITY' ? { quality: event.quality } : {})),
    removeImage: assign(({ context, event }) => (event.type === 'REMOVE_IMAGE' ? { images: context.images.filter((image) => image.id !== event.id), notice: null } : {})),
    keepIncoming: assign((_, files: Blob[]) => ({ incoming: files, notice: null })),
    addImages: assign(({ context }, prepared: PreparedImages) => {
      const fresh = prepared.images.filter((image) => !context.images.some((kept) => kept.id === image.id));
      const taken = fresh.slice(0, room(context));
      const notice: ImageNotice | null = fresh.length > taken.length ? 'tooMany' : prepared.unreadable > 0 ? 'unreadable' : null;
      return { images: [...context.images, ...taken], incoming: [], notice };
    }),
    noteImages: assign((_, notice: ImageNotice) => ({ notice, incoming: [] })),
    refuse: assign((_, refusal: { problem: FeedbackProblem; message?: string; retryAfterSeconds?: number | null }) => ({
      problem: refusal.problem,
      serverMessage: refusal.message ?? null,
      retryAfterSeconds: refusal.retryAfterSeconds ?? null,
      progress: 0,
    })),
    startSending: assign({ progress: 0, problem: null, serverMessage: null, retryAfterSeconds: null, notice: null }),
    progress: assign(({ event }) => (event.type === 'UPLOAD_PROGRESS' ? { progress: Math.min(1, Math.max(0, event.progress)) } : {})),
    keepReceipt: assign((_, receipt: FeedbackReceipt) => ({ receipt })),
    fresh: assign(({ event }) =>
      event.type === 'NEW'
        ? { clientId: event.clientId, typeId: null, content: '', contact: '', images: [], quality: 'compressed' as const, receipt: null, progress: 0 }
        : {},
    ),
    /** Keep the draft where a reload finds it. */
    saveDraft: (_, _draft: FeedbackDraft) => {},
    /** The draft was received: nothing to restore next time. */
    clearDraft: () => {},
  },
  guards: {
    hasDraft: (_, draft: FeedbackDraft | null) => draft !== null,
    hasRoom: ({ context }) => room(context) > 0,
    formFine: (_, problem: FormProblem | null) => problem === null,
    chosen: (_, outcome: ChooseOutcome) => outcome.kind === 'chosen',
    cancelled: (_, outcome: ChooseOutcome) => outcome.kind === 'cancelled',
    received: (_, outcome: SubmitOutcome) => outcome.ok,
  },
}).createMachine({
  id: 'feedback',
  context: ({ input }) => ({
    clientId: input.clientId,
    typeId: null,
    content: '',
    contact: '',
    images: [],
    quality: 'compressed',
    maxImages: input.maxImages,
    incoming: [],
    progress: 0,
    problem: null,
    serverMessage: null,
    retryAfterSeconds: null,
    notice: null,
    receipt: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['loading'],
      description: 'The draft of the last visit, if one was kept.',
      invoke: {
        id: 'loadDraft',
        src: 'loadDraft',
        onDone: [
          { guard: { type: 'hasDraft', params: ({ event }) => event.output }, target: 'editing', actions: { type: 'adoptDraft', params: ({ event }) => event.output as FeedbackDraft } },
          { target: 'editing' },
        ],
        onError: { target: 'editing', description: 'No draft could be read: start empty.' },
      },
    },
    editing: {
      description: 'Every change is kept as the draft.',
      on: {
        CHOOSE_TYPE: { actions: ['chooseType', { type: 'saveDraft', params: ({ context }) => draftOf(context) }] },
        EDIT: { actions: ['edit', { type: 'saveDraft', params: ({ context }) => draftOf(context) }] },
        SET_QUALITY: { actions: ['setQuality', { type: 'saveDraft', params: ({ context }) => draftOf(context) }] },
        REMOVE_IMAGE: { actions: ['removeImage', { type: 'saveDraft', params: ({ context }) => draftOf(context) }] },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            CHOOSE_IMAGES: [
              { guard: 'hasRoom', target: 'choosing' },
              { description: 'Nine images already: say so.', actions: { type: 'noteImages', params: 'tooMany' } },
            ],
            FILES_PICKED: [
              { guard: 'hasRoom', target: 'adding', actions: { type: 'keepIncoming', params: ({ event }) => event.files } },
              { actions: { type: 'noteImages', params: 'tooMany' } },
            ],
            SEND: [
              { guard: { type: 'formFine', params: ({ event }) => event.problem }, target: '#feedback.sending' },
              {
                description: 'The text is shorter than 10 or longer than 500 characters, or holds a character it may not, or the contact breaks its rule: said on the phone, nothing sent.',
                actions: { type: 'refuse', params: ({ event }) => ({ problem: event.problem ?? 'contentShort' }) },
              },
            ],
          },
        },
        choosing: {
          tags: ['busy'],
          description: "Inside WeChat: WeChat's chooser, for as many images as there is room for.",
          invoke: {
            id: 'chooseImages',
            src: 'chooseImages',
            input: ({ context }) => ({ room: room(context) }),
            onDone: [
              { guard: { type: 'chosen', params: ({ event }) => event.output }, target: 'adding', actions: { type: 'keepIncoming', params: ({ event }) => (event.output as { files: Blob[] }).files } },
              { guard: { type: 'cancelled', params: ({ event }) => event.output }, target: 'idle' },
              { target: 'idle', actions: { type: 'noteImages', params: 'chooserFailed' } },
            ],
            onError: { target: 'idle', actions: { type: 'noteImages', params: 'chooserFailed' } },
          },
        },
        adding: {
          tags: ['busy'],
          description: 'Each image compressed on the phone (its original kept in memory, for originals).',
          invoke: {
            id: 'prepareImages',
            src: 'prepareImages',
            input: ({ context }) => ({ files: context.incoming, room: room(context) }),
            onDone: { target: 'idle', actions: [{ type: 'addImages', params: ({ event }) => event.output }, { type: 'saveDraft', params: ({ context }) => draftOf(context) }] },
            onError: { target: 'idle', actions: { type: 'noteImages', params: 'unreadable' } },
          },
        },
      },
    },
    sending: {
      tags: ['busy'],
      entry: 'startSending',
      on: { UPLOAD_PROGRESS: { actions: 'progress' } },
      invoke: {
        id: 'submitFeedback',
        src: 'submitFeedback',
        input: ({ context, self }) => ({ ...draftOf(context), onProgress: (progress: number) => self.send({ type: 'UPLOAD_PROGRESS', progress }) }),
        onDone: [
          {
            guard: { type: 'received', params: ({ event }) => event.output },
            target: 'sent',
            actions: [{ type: 'keepReceipt', params: ({ event }) => (event.output as { receipt: FeedbackReceipt }).receipt }, 'clearDraft'],
          },
          {
            target: 'editing',
            description: 'Refused (4302, 4303, 4304, or 429 for sending too often): its reason, and its words and wait; everything stays.',
            actions: { type: 'refuse', params: ({ event }) => event.output as Extract<SubmitOutcome, { ok: false }> },
          },
        ],
        onError: { target: 'editing', description: 'No answer: everything stays, and the retry carries the same clientId.', actions: { type: 'refuse', params: { problem: 'offline' } } },
      },
    },
    sent: {
      on: { NEW: { target: 'editing', actions: 'fresh' } },
    },
  },
});

export type FeedbackMachine = typeof feedbackMachine;
