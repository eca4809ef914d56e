import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { connectFeedback } from '../../../machines/feedback/feedback.connect';
import { feedbackMachine } from '../../../machines/feedback/feedback.machine';
import type { ChooseOutcome, FeedbackDraft, PreparedImages, SubmitOutcome, SubmitRequest } from '../../../machines/feedback/feedback.types';
import { FEEDBACK_MAX_IMAGES } from '../../shared/api/helpSchemas';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { useWechatReady } from '../../shared/platform/useWechatReady';
import { countedLength, TEXT_FIELDS } from '../../shared/rules/text';
import { useServices } from '../../shared/services';
import { feedbackDraftStore } from './feedbackDraft';
import { submitFeedback } from './feedbackCalls';
import { prepareImages } from './feedbackImages';
import { formProblem } from './feedbackRules';

const newId = () => crypto.randomUUID();

/**
 * The feedback chart with the app's pieces: the draft kept in IndexedDB, WeChat's chooser inside
 * WeChat, compression on the phone, and the upload with its progress.
 */
export function useFeedback() {
  const { api, wechat, sessionStorage } = useServices();
  // The originals of this visit, by image id (too large to keep in the draft).
  const [originals] = useState(() => new Map<string, Blob>());
  const drafts = useMemo(() => feedbackDraftStore(sessionStorage), [sessionStorage]);
  const machine = useMemo(
    () =>
      feedbackMachine.provide({
        actors: {
          loadDraft: fromPromise<FeedbackDraft | null>(() => drafts.load()),
          chooseImages: fromPromise<ChooseOutcome, { room: number }>(async ({ input }) => {
            const chosen = await wechat.chooseImages(input.room);
            return chosen.kind === 'unavailable' ? { kind: 'failed' } : chosen;
          }),
          prepareImages: fromPromise<PreparedImages, { files: Blob[]; room: number }>(({ input }) => prepareImages(input.files, input.room, originals, newId)),
          submitFeedback: fromPromise<SubmitOutcome, SubmitRequest>(({ input, signal }) => submitFeedback(api, input, originals, input.onProgress, signal)),
        },
        actions: {
          saveDraft: (_, draft: FeedbackDraft) => drafts.save(draft),
          clearDraft: () => {
            drafts.clear();
            originals.clear();
          },
        },
      }),
    [api, wechat, drafts, originals],
  );
  const [snapshot, sendEvent] = useAppMachine(machine, { input: { clientId: newId(), maxImages: FEEDBACK_MAX_IMAGES } });
  // WeChat's chooser when the SDK is ready inside WeChat; a file input everywhere else.
  const inAppChooser = useWechatReady();
  return useMemo(() => {
    const view = connectFeedback(snapshot, sendEvent, newId);
    return {
      ...view,
      inAppChooser,
      /** The counter: the characters the text rule counts, of at most `contentMax`. */
      contentLength: countedLength(view.content),
      contentMax: TEXT_FIELDS.feedbackContent.max,
      contactMax: TEXT_FIELDS.feedbackContact.max,
      /** The text breaks the rule: the field is marked. */
      contentInvalid: view.problem === 'contentShort' || view.problem === 'contentLong' || view.problem === 'contentCharacters',
      contactInvalid: view.problem === 'contactInvalid',
      /** Send with the text rule's verdict on what was typed. */
      send: () => view.send(formProblem(view)),
    };
  }, [snapshot, sendEvent, inAppChooser]);
}
export type FeedbackScreenView = ReturnType<typeof useFeedback>;
