import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ModifyMachine } from './modify.machine';
import type { CropLike, ProfileLike } from './modify.types';

/** Where the avatar is: nothing under way, WeChat's chooser open, cropping, made small, uploading, or an upload that failed. */
export type AvatarPhase = 'idle' | 'choosing' | 'cropping' | 'compressing' | 'uploading' | 'failed';

function avatarPhase(snapshot: SnapshotFrom<ModifyMachine>): AvatarPhase {
  if (snapshot.matches({ editing: 'choosing' })) return 'choosing';
  if (snapshot.matches({ editing: 'cropping' })) return 'cropping';
  if (snapshot.matches({ editing: 'compressing' })) return 'compressing';
  if (snapshot.matches({ editing: 'uploading' })) return 'uploading';
  if (snapshot.matches({ editing: { ready: 'uploadFailed' } })) return 'failed';
  return 'idle';
}

/** What the modify page needs: the record, what is typed, the avatar's progress, the notice, and the intents. */
export function connectModify<User extends ProfileLike = ProfileLike>(snapshot: SnapshotFrom<ModifyMachine>, send: ActorRefFrom<ModifyMachine>['send']) {
  const { context } = snapshot;
  const phase = avatarPhase(snapshot);
  return {
    state: JSON.stringify(snapshot.value),
    isLoading: snapshot.hasTag('loading'),
    loadFailed: snapshot.matches('loadFailed'),
    /** The app's record as UserInfo answered it, with the new avatar once uploaded. */
    user: context.user as User | null,
    nickName: context.nickName,
    email: context.email,
    notice: context.notice,
    /** The rule refused what is typed in that field: the field is marked invalid. */
    nameInvalid: context.notice?.about === 'name' && context.notice.kind === 'invalid',
    emailInvalid: context.notice?.about === 'email' && context.notice.kind === 'invalid',
    /** A save or an avatar may start (nothing else is under way). */
    canStart: snapshot.matches({ editing: 'ready' }),
    isSavingName: snapshot.matches({ editing: 'savingName' }),
    isSavingEmail: snapshot.matches({ editing: 'savingEmail' }),
    avatar: {
      phase,
      /** The picture to crop. */
      source: phase === 'cropping' ? context.source : null,
      /** The avatar made small, shown while it uploads or after it failed (the only times the chart holds it). */
      preview: context.compressed?.preview ?? null,
      /** Whole per cent, for the progress bar. */
      percent: Math.round(context.progress * 100),
    },
    retry: () => send({ type: 'RETRY' }),
    editName: (value: string) => send({ type: 'EDIT_NAME', value }),
    saveName: (problem: 'invalid' | null) => send({ type: 'SAVE_NAME', problem }),
    editEmail: (value: string) => send({ type: 'EDIT_EMAIL', value }),
    saveEmail: (problem: 'invalid' | null) => send({ type: 'SAVE_EMAIL', problem }),
    chooseAvatar: () => send({ type: 'CHOOSE_AVATAR' }),
    picked: (file: Blob) => send({ type: 'PICKED', file }),
    crop: (crop: CropLike) => send({ type: 'CROP', crop }),
    cancelCrop: () => send({ type: 'CANCEL_CROP' }),
    retryUpload: () => send({ type: 'RETRY_UPLOAD' }),
  };
}
export type ModifyView<User extends ProfileLike = ProfileLike> = ReturnType<typeof connectModify<User>>;
