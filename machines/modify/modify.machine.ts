import { assign, fromPromise, setup } from 'xstate';
import { present } from '../present';
import type { AvatarChoice, AvatarUpload, CompressedAvatar, CropLike, ModifyContext, ModifyEvent, Notice, ProfileLike, SaveOutcome, UploadOutcome } from './modify.types';

const unprovided = (name: string) => () => Promise.reject(new Error(`modify: no ${name} actor provided`));

/**
 * The profile chart: load the record, then one thing at a time (typing goes on meanwhile): save
 * the display name, save the e-mail address, or change the avatar (choose, crop, make small,
 * upload with progress). Each try ends in a notice; a failure keeps what was typed or cropped.
 */
export const modifyMachine = setup({
  types: { context: {} as ModifyContext, events: {} as ModifyEvent },
  actors: {
    loadUser: fromPromise<ProfileLike>(unprovided('loadUser')),
    saveName: fromPromise<SaveOutcome, { nickName: string }>(unprovided('saveName')),
    saveEmail: fromPromise<SaveOutcome, { email: string }>(unprovided('saveEmail')),
    chooseAvatar: fromPromise<AvatarChoice>(unprovided('chooseAvatar')),
    compressAvatar: fromPromise<CompressedAvatar, { file: Blob; crop: CropLike }>(unprovided('compressAvatar')),
    uploadAvatar: fromPromise<UploadOutcome, AvatarUpload>(unprovided('uploadAvatar')),
  },
  actions: {
    keepUser: assign((_, user: ProfileLike) => ({ user, nickName: user.nickName ?? '', email: user.email ?? '' })),
    editName: assign(({ event }) => (event.type === 'EDIT_NAME' ? { nickName: event.value } : {})),
    editEmail: assign(({ event }) => (event.type === 'EDIT_EMAIL' ? { email: event.value } : {})),
    say: assign((_, notice: Notice) => ({ notice })),
    /** A new try: the last notice goes, and so does an avatar that failed to upload. */
    quiet: assign({ notice: null, compressed: null }),
    keepSource: assign((_, source: Blob) => ({ source, crop: null, notice: null, compressed: null })),
    keepCrop: assign(({ event }) => (event.type === 'CROP' ? { crop: event.crop } : {})),
    forgetSource: assign({ source: null, crop: null }),
    keepCompressed: assign((_, compressed: CompressedAvatar) => ({ compressed, source: null, crop: null, progress: 0 })),
    startUpload: assign({ progress: 0, notice: null }),
    progress: assign(({ event }) => (event.type === 'UPLOAD_PROGRESS' ? { progress: Math.min(1, Math.max(0, event.progress)) } : {})),
    adoptAvatar: assign(({ context }, avatarUrl: string) => ({
      user: { ...present(context.user, 'user', 'modify'), avatarUrl },
      compressed: null,
      progress: 0,
      notice: { about: 'avatar', kind: 'saved' } as const,
    })),
    /**
     * The record changed: for a screen that keeps it while this one is open. None does today (the
     * personal centre loads the record afresh whenever it opens), so the app provides nothing.
     */
    profileChanged: () => {},
  },
  guards: {
    formFine: (_, problem: 'invalid' | null) => problem === null,
    saved: (_, outcome: SaveOutcome) => outcome.ok,
    uploaded: (_, outcome: UploadOutcome) => outcome.ok,
    chosen: (_, choice: AvatarChoice) => choice.kind === 'chosen',
    cancelled: (_, choice: AvatarChoice) => choice.kind === 'cancelled',
  },
}).createMachine({
  id: 'modify',
  context: { user: null, nickName: '', email: '', notice: null, source: null, crop: null, compressed: null, progress: 0 },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: { target: 'editing', actions: { type: 'keepUser', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', description: 'No record: the page says so and offers to try again.' },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    editing: {
      description: 'Typing goes on whatever is under way; a save or an avatar starts only when nothing else is.',
      on: {
        EDIT_NAME: { actions: 'editName' },
        EDIT_EMAIL: { actions: 'editEmail' },
      },
      initial: 'ready',
      states: {
        ready: {
          on: {
            SAVE_NAME: [
              { guard: { type: 'formFine', params: ({ event }) => event.problem }, target: 'savingName', actions: 'quiet' },
              { description: '1-20 characters: said on the phone, nothing sent.', actions: { type: 'say', params: { about: 'name', kind: 'invalid' } } },
            ],
            SAVE_EMAIL: [
              { guard: { type: 'formFine', params: ({ event }) => event.problem }, target: 'savingEmail', actions: 'quiet' },
              { description: 'Not an address by the rule of spec section 5: said on the phone, nothing sent.', actions: { type: 'say', params: { about: 'email', kind: 'invalid' } } },
            ],
            CHOOSE_AVATAR: { target: 'choosing', actions: 'quiet' },
            PICKED: { target: 'cropping', actions: { type: 'keepSource', params: ({ event }) => event.file } },
          },
          initial: 'idle',
          states: {
            idle: {},
            uploadFailed: {
              description: 'The cropped avatar is kept: the patient may send it again.',
              on: { RETRY_UPLOAD: '#modify.editing.uploading' },
            },
          },
        },
        savingName: {
          tags: ['busy'],
          invoke: {
            id: 'saveName',
            src: 'saveName',
            input: ({ context }) => ({ nickName: context.nickName.trim() }),
            onDone: [
              {
                guard: { type: 'saved', params: ({ event }) => event.output },
                target: 'ready',
                actions: [
                  { type: 'keepUser', params: ({ event }) => (event.output as { user: ProfileLike }).user },
                  { type: 'say', params: { about: 'name', kind: 'saved' } },
                  'profileChanged',
                ],
              },
              { target: 'ready', description: 'The server found it invalid (4601): said the same way.', actions: { type: 'say', params: { about: 'name', kind: 'invalid' } } },
            ],
            onError: { target: 'ready', description: 'No answer: what was typed stays.', actions: { type: 'say', params: { about: 'name', kind: 'offline' } } },
          },
        },
        savingEmail: {
          tags: ['busy'],
          invoke: {
            id: 'saveEmail',
            src: 'saveEmail',
            input: ({ context }) => ({ email: context.email }),
            onDone: [
              {
                guard: { type: 'saved', params: ({ event }) => event.output },
                target: 'ready',
                actions: [
                  { type: 'keepUser', params: ({ event }) => (event.output as { user: ProfileLike }).user },
                  { type: 'say', params: { about: 'email', kind: 'saved' } },
                  'profileChanged',
                ],
              },
              { target: 'ready', description: 'The server found it invalid (4602): said as the phone says it.', actions: { type: 'say', params: { about: 'email', kind: 'invalid' } } },
            ],
            onError: { target: 'ready', description: 'No answer: what was typed stays.', actions: { type: 'say', params: { about: 'email', kind: 'offline' } } },
          },
        },
        choosing: {
          tags: ['busy'],
          description: "Inside WeChat: WeChat's chooser, one picture.",
          invoke: {
            id: 'chooseAvatar',
            src: 'chooseAvatar',
            onDone: [
              {
                guard: { type: 'chosen', params: ({ event }) => event.output },
                target: 'cropping',
                actions: { type: 'keepSource', params: ({ event }) => (event.output as { file: Blob }).file },
              },
              { guard: { type: 'cancelled', params: ({ event }) => event.output }, target: 'ready' },
              { target: 'ready', actions: { type: 'say', params: { about: 'avatar', kind: 'chooserFailed' } } },
            ],
            onError: { target: 'ready', actions: { type: 'say', params: { about: 'avatar', kind: 'chooserFailed' } } },
          },
        },
        cropping: {
          tags: ['busy'],
          description: 'A square the patient pans and zooms.',
          on: {
            CROP: { target: 'compressing', actions: 'keepCrop' },
            CANCEL_CROP: { target: 'ready', actions: 'forgetSource' },
          },
        },
        compressing: {
          tags: ['busy'],
          invoke: {
            id: 'compressAvatar',
            src: 'compressAvatar',
            input: ({ context }) => ({ file: present(context.source, 'picture', 'modify'), crop: present(context.crop, 'crop', 'modify') }),
            onDone: { target: 'uploading', actions: { type: 'keepCompressed', params: ({ event }) => event.output } },
            onError: {
              target: 'ready',
              description: 'The picture could not be read: say so; another may be chosen.',
              actions: ['forgetSource', { type: 'say', params: { about: 'avatar', kind: 'unreadable' } }],
            },
          },
        },
        uploading: {
          tags: ['busy'],
          entry: 'startUpload',
          on: { UPLOAD_PROGRESS: { actions: 'progress' } },
          invoke: {
            id: 'uploadAvatar',
            src: 'uploadAvatar',
            input: ({ context, self }) => ({
              file: present(context.compressed, 'compressed avatar', 'modify').file,
              onProgress: (progress: number) => self.send({ type: 'UPLOAD_PROGRESS', progress }),
            }),
            onDone: [
              {
                guard: { type: 'uploaded', params: ({ event }) => event.output },
                target: 'ready',
                description: 'The new avatar shows at once.',
                actions: [{ type: 'adoptAvatar', params: ({ event }) => (event.output as { avatarUrl: string }).avatarUrl }, 'profileChanged'],
              },
              { target: 'ready.uploadFailed', actions: { type: 'say', params: { about: 'avatar', kind: 'refused' } } },
            ],
            onError: { target: 'ready.uploadFailed', actions: { type: 'say', params: { about: 'avatar', kind: 'offline' } } },
          },
        },
      },
    },
  },
});

export type ModifyMachine = typeof modifyMachine;
