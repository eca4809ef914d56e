import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { draftOf, room, type FeedbackMachine } from './feedback.machine';
import type { FormProblem, ImageQuality } from './feedback.types';

/** What the feedback form needs: the draft, what is under way, the receipt, and the intents. */
export function connectFeedback(snapshot: SnapshotFrom<FeedbackMachine>, send: ActorRefFrom<FeedbackMachine>['send'], newClientId: () => string) {
  const { context } = snapshot;
  const editing = snapshot.matches('editing');
  return {
    state: JSON.stringify(snapshot.value),
    isRestoring: snapshot.hasTag('loading'),
    ...draftOf(context),
    /** Images that may still be added. */
    room: room(context),
    maxImages: context.maxImages,
    /** Originals are asked for, but some images no longer have one in memory (after a reload): those go compressed. */
    originalsGone: context.quality === 'original' && context.images.some((image) => !image.hasOriginal),
    /** The form can be changed (not while sending, not after the receipt). */
    canEdit: editing,
    /** Images may be added or the feedback sent: nothing else is under way. */
    canAct: snapshot.matches({ editing: 'idle' }),
    isChoosing: snapshot.matches({ editing: 'choosing' }),
    isAdding: snapshot.matches({ editing: 'adding' }),
    isSending: snapshot.matches('sending'),
    /** Whole per cent of the upload. */
    percent: Math.round(context.progress * 100),
    problem: context.problem,
    serverMessage: context.serverMessage,
    /** Refused for sending too often: seconds to wait. */
    retryAfterSeconds: context.retryAfterSeconds,
    notice: context.notice,
    receipt: snapshot.matches('sent') ? context.receipt : null,
    chooseType: (typeId: string | null) => send({ type: 'CHOOSE_TYPE', typeId }),
    editContent: (value: string) => send({ type: 'EDIT', field: 'content', value }),
    editContact: (value: string) => send({ type: 'EDIT', field: 'contact', value }),
    setQuality: (quality: ImageQuality) => send({ type: 'SET_QUALITY', quality }),
    chooseImages: () => send({ type: 'CHOOSE_IMAGES' }),
    picked: (files: Blob[]) => send({ type: 'FILES_PICKED', files }),
    removeImage: (id: string) => send({ type: 'REMOVE_IMAGE', id }),
    send: (problem: FormProblem | null) => send({ type: 'SEND', problem }),
    another: () => send({ type: 'NEW', clientId: newClientId() }),
  };
}
export type FeedbackView = ReturnType<typeof connectFeedback>;
