import { assign, fromPromise, setup } from 'xstate';
import { present } from '../present';
import {
  MAX_FAILED_POLLS,
  MAX_IDLE_POLLS,
  pollDelayMs,
  type EmailOutcome,
  type LinkLike,
  type PackageFormat,
  type PackageTaskContext,
  type PackageTaskEvent,
  type PackageTaskInput,
  type TaskLike,
} from './packageTask.types';

const unprovided = (name: string) => () => Promise.reject(new Error(`packageTask: no ${name} actor provided`));
const taskOf = (context: PackageTaskContext) => present(context.task, 'task', 'packageTask');

/** Where a task the server answered belongs. */
const byTaskState = (guardType: 'isReady' | 'isFailed') => ({ type: guardType, params: ({ event }: { event: { output: TaskLike | null } }) => event.output });

export const packageTaskMachine = setup({
  types: { context: {} as PackageTaskContext, events: {} as PackageTaskEvent, input: {} as PackageTaskInput },
  actors: {
    findTask: fromPromise<TaskLike | null, { collectFilmId: string }>(unprovided('findTask')),
    addTask: fromPromise<TaskLike, { collectFilmId: string; format: PackageFormat; desensitize: boolean }>(unprovided('addTask')),
    queryTask: fromPromise<TaskLike, { taskId: string }>(unprovided('queryTask')),
    updateDesensitize: fromPromise<TaskLike, { taskId: string; desensitize: boolean }>(unprovided('updateDesensitize')),
    copyLink: fromPromise<LinkLike, { taskId: string }>(unprovided('copyLink')),
    sendEmail: fromPromise<EmailOutcome, { taskId: string; email: string }>(unprovided('sendEmail')),
    /** Put the link on the clipboard (the app's platform adapter): true when it got there, false when it must be copied by hand. */
    writeClipboard: fromPromise<boolean, LinkLike>(unprovided('writeClipboard')),
  },
  actions: {
    keepTask: assign(({ context }, task: TaskLike) => ({
      task,
      format: task.format,
      desensitize: task.desensitize,
      idlePolls: context.task && task.progress > context.task.progress ? 0 : context.idlePolls,
      failedPolls: 0,
      problem: null,
    })),
    countIdlePoll: assign(({ context }) => ({ idlePolls: Math.min(context.idlePolls + 1, MAX_IDLE_POLLS) })),
    countFailedPoll: assign(({ context }) => ({ failedPolls: Math.min(context.failedPolls + 1, MAX_FAILED_POLLS) })),
    resetPolls: assign({ idlePolls: 0, failedPolls: 0 }),
    forgetTask: assign({ task: null, link: null, clipboard: null, emailSentTo: null, emailProblem: null }),
    chooseFormat: assign(({ event }) => (event.type === 'CHOOSE_FORMAT' ? { format: event.format } : {})),
    setDesensitize: assign(({ event }) => (event.type === 'SET_DESENSITIZE' ? { desensitize: event.desensitize } : {})),
    offline: assign({ problem: 'offline' as const }),
    keepLink: assign((_, link: LinkLike) => ({ link })),
    forgetClipboard: assign({ clipboard: null }),
    keepClipboard: assign((_, copied: boolean) => ({ clipboard: copied ? ('copied' as const) : ('manual' as const) })),
    editEmail: assign(({ event }) => (event.type === 'EDIT_EMAIL' ? { email: event.email, emailProblem: null } : {})),
    emailSent: assign((_, sentTo: string) => ({ emailSentTo: sentTo, emailProblem: null })),
    emailRefused: assign((_, problem: PackageTaskContext['emailProblem']) => ({ emailProblem: problem })),
  },
  guards: {
    noTask: (_, task: TaskLike | null) => task === null,
    isReady: (_, task: TaskLike | null) => task?.state === 'ready',
    isFailed: (_, task: TaskLike | null) => task?.state === 'failed',
    gaveUpPolling: ({ context }) => context.failedPolls + 1 >= MAX_FAILED_POLLS,
    otherChoice: ({ context, event }) => event.type === 'SET_DESENSITIZE' && context.task !== null && event.desensitize !== context.task.desensitize,
    emailFine: (_, problem: 'invalidEmail' | null) => problem === null,
    sent: (_, outcome: EmailOutcome) => outcome.ok,
  },
  delays: {
    pollDelay: ({ context }) => pollDelayMs(context.idlePolls),
  },
}).createMachine({
  id: 'packageTask',
  context: ({ input }) => ({
    collectFilmId: input.collectFilmId,
    format: 'dicom',
    desensitize: false,
    task: null,
    idlePolls: 0,
    failedPolls: 0,
    link: null,
    clipboard: null,
    email: '',
    emailProblem: null,
    emailSentTo: null,
    problem: null,
  }),
  initial: 'finding',
  states: {
    finding: {
      description: 'Does this study have a package already (made before a reload, or in a tab since closed)?',
      invoke: {
        id: 'findTask',
        src: 'findTask',
        input: ({ context }) => ({ collectFilmId: context.collectFilmId }),
        onDone: [
          { guard: { type: 'noTask', params: ({ event }) => event.output }, target: 'choosing' },
          { guard: byTaskState('isReady'), target: 'ready', actions: { type: 'keepTask', params: ({ event }) => present(event.output, 'task', 'packageTask') } },
          { guard: byTaskState('isFailed'), target: 'failed', actions: { type: 'keepTask', params: ({ event }) => present(event.output, 'task', 'packageTask') } },
          { target: 'packing', actions: [{ type: 'keepTask', params: ({ event }) => present(event.output, 'task', 'packageTask') }, 'resetPolls'] },
        ],
        onError: { target: 'findFailed', actions: 'offline' },
      },
    },
    findFailed: {
      on: { RETRY: 'finding' },
    },
    choosing: {
      on: {
        CHOOSE_FORMAT: { actions: 'chooseFormat' },
        SET_DESENSITIZE: { actions: 'setDesensitize' },
        REQUEST: 'requesting',
      },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        id: 'addTask',
        src: 'addTask',
        input: ({ context }) => ({ collectFilmId: context.collectFilmId, format: context.format, desensitize: context.desensitize }),
        onDone: [
          { guard: byTaskState('isReady'), target: 'ready', description: 'The same package was made before: it is ready at once.', actions: { type: 'keepTask', params: ({ event }) => event.output } },
          { target: 'packing', actions: [{ type: 'keepTask', params: ({ event }) => event.output }, 'resetPolls'] },
        ],
        onError: { target: 'choosing', description: 'No answer: the choice stays, to ask again.', actions: 'offline' },
      },
    },
    packing: {
      initial: 'waiting',
      on: {
        SET_DESENSITIZE: { guard: 'otherChoice', target: '.changing', description: 'The patient changed their mind while it packs: pack again with the other choice.', actions: 'setDesensitize' },
      },
      states: {
        waiting: {
          after: { pollDelay: 'querying' },
        },
        querying: {
          invoke: {
            id: 'queryTask',
            src: 'queryTask',
            input: ({ context }) => ({ taskId: taskOf(context).taskId }),
            onDone: [
              { guard: byTaskState('isReady'), target: '#packageTask.ready', actions: { type: 'keepTask', params: ({ event }) => event.output } },
              { guard: byTaskState('isFailed'), target: '#packageTask.failed', actions: { type: 'keepTask', params: ({ event }) => event.output } },
              { target: 'waiting', description: 'Still packing: ask again, later the longer nothing moves.', actions: [{ type: 'keepTask', params: ({ event }) => event.output }, 'countIdlePoll'] },
            ],
            onError: [
              { guard: 'gaveUpPolling', target: 'stalled', actions: ['countFailedPoll', 'offline'] },
              { target: 'waiting', description: 'One missed answer: ask again after the wait.', actions: ['countFailedPoll', 'countIdlePoll'] },
            ],
          },
        },
        stalled: {
          description: 'No answer several times: the package goes on packing on the server; the page says the connection is gone.',
          on: { RETRY: { target: 'querying', actions: 'resetPolls' } },
        },
        changing: {
          tags: ['busy'],
          invoke: {
            id: 'updateDesensitize',
            src: 'updateDesensitize',
            input: ({ context }) => ({ taskId: taskOf(context).taskId, desensitize: context.desensitize }),
            onDone: { target: 'waiting', actions: [{ type: 'keepTask', params: ({ event }) => event.output }, 'resetPolls'] },
            onError: { target: 'waiting', description: 'No answer: the package as it was goes on.', actions: 'offline' },
          },
        },
      },
    },
    ready: {
      type: 'parallel',
      on: { NEW_PACKAGE: { target: 'choosing', actions: 'forgetTask' } },
      states: {
        link: {
          initial: 'idle',
          states: {
            idle: { on: { COPY_LINK: 'fetching' } },
            fetching: {
              invoke: {
                id: 'copyLink',
                src: 'copyLink',
                input: ({ context }) => ({ taskId: taskOf(context).taskId }),
                onDone: { target: 'copying', actions: { type: 'keepLink', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: 'offline' },
              },
            },
            copying: {
              description: 'The link shows; it goes on the clipboard, or the page says to copy it by hand.',
              entry: 'forgetClipboard',
              invoke: {
                id: 'writeClipboard',
                src: 'writeClipboard',
                input: ({ context }) => present(context.link, 'link', 'packageTask'),
                onDone: { target: 'shown', actions: { type: 'keepClipboard', params: ({ event }) => event.output } },
                onError: { target: 'shown', description: 'The clipboard refused: copy it by hand.', actions: { type: 'keepClipboard', params: false } },
              },
            },
            shown: { on: { COPY_LINK: 'copying' } },
          },
        },
        email: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                EDIT_EMAIL: { actions: 'editEmail' },
                SEND_EMAIL: [
                  { guard: { type: 'emailFine', params: ({ event }) => event.problem }, target: 'sending' },
                  { description: 'The address breaks the e-mail rule: say so, send nothing.', actions: { type: 'emailRefused', params: 'invalidEmail' } },
                ],
              },
            },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'sendEmail',
                src: 'sendEmail',
                input: ({ context }) => ({ taskId: taskOf(context).taskId, email: context.email }),
                onDone: [
                  { guard: { type: 'sent', params: ({ event }) => event.output }, target: 'editing', actions: { type: 'emailSent', params: ({ event }) => (event.output.ok ? event.output.email : '') } },
                  { target: 'editing', actions: { type: 'emailRefused', params: ({ event }) => (event.output.ok ? null : event.output.problem) } },
                ],
                onError: { target: 'editing', actions: { type: 'emailRefused', params: 'offline' } },
              },
            },
          },
        },
      },
    },
    failed: {
      description: 'Packing failed on the server: it says why; asking again packs anew.',
      on: { RETRY: 'requesting', NEW_PACKAGE: { target: 'choosing', actions: 'forgetTask' } },
    },
  },
});

export type PackageTaskMachine = typeof packageTaskMachine;
