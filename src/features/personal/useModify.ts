import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { connectModify, type AvatarPhase } from '../../../machines/modify/modify.connect';
import { modifyMachine } from '../../../machines/modify/modify.machine';
import type { AvatarChoice, AvatarUpload, CompressedAvatar, CropLike, ProfileLike, SaveOutcome, UploadOutcome } from '../../../machines/modify/modify.types';
import { AVATAR_SIDE, type UserInfo } from '../../shared/api/centerSchemas';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { blobToDataUrl, compressImage } from '../../shared/platform/imageCompression';
import { useWechatReady } from '../../shared/platform/useWechatReady';
import { useServices } from '../../shared/services';
import { loadUserInfo, saveEmail, saveNickName, uploadAvatar } from './personalCalls';
import { emailProblem, emailWords, nickNameProblem, nickNameWords } from './personalRules';

/** The chooser, the compression or the upload of the avatar is under way: its button says it is busy. */
export const isAvatarWorking = (phase: AvatarPhase) => phase === 'choosing' || phase === 'compressing' || phase === 'uploading';

/**
 * The profile chart with the app's calls: the record, the two saves, WeChat's chooser inside
 * WeChat, the square avatar made AVATAR_SIDE px JPEG on the phone, and its upload with progress.
 */
export function useModify() {
  const { api, wechat } = useServices();
  const machine = useMemo(
    () =>
      modifyMachine.provide({
        actors: {
          loadUser: fromPromise<ProfileLike>(({ signal }) => loadUserInfo(api, signal)),
          saveName: fromPromise<SaveOutcome, { nickName: string }>(({ input }) => saveNickName(api, input.nickName)),
          saveEmail: fromPromise<SaveOutcome, { email: string }>(({ input }) => saveEmail(api, input.email)),
          chooseAvatar: fromPromise<AvatarChoice>(async () => {
            const chosen = await wechat.chooseImages(1);
            if (chosen.kind === 'chosen' && chosen.files[0]) return { kind: 'chosen', file: chosen.files[0] };
            return chosen.kind === 'cancelled' ? { kind: 'cancelled' } : { kind: 'failed' };
          }),
          compressAvatar: fromPromise<CompressedAvatar, { file: Blob; crop: CropLike }>(async ({ input }) => {
            const file = await compressImage(input.file, { maxSide: AVATAR_SIDE, crop: input.crop, name: 'avatar.jpg' });
            return { file, preview: await blobToDataUrl(file) };
          }),
          uploadAvatar: fromPromise<UploadOutcome, AvatarUpload>(({ input, signal }) => uploadAvatar(api, input.file, input.onProgress, signal)),
        },
      }),
    [api, wechat],
  );
  const [snapshot, send] = useAppMachine(machine);
  // WeChat's chooser when the SDK is ready inside WeChat; a file input everywhere else.
  const inAppChooser = useWechatReady();
  return useMemo(() => {
    const view = connectModify<UserInfo>(snapshot, send);
    return {
      ...view,
      inAppChooser,
      avatar: { ...view.avatar, isWorking: isAvatarWorking(view.avatar.phase) },
      /** How a refused display name is said (the phone's rule and the server's 4601 are the same rule). */
      nameInvalidWords: nickNameWords(view.nickName),
      /** How a refused address is said: the part that is wrong (the phone's rule and the server's 4602 are the same rule). */
      emailInvalidWords: emailWords(view.email),
      /** Save with the rule's verdict on what was typed (an empty address clears it). */
      saveName: () => view.saveName(nickNameProblem(view.nickName)),
      saveEmail: () => view.saveEmail(emailProblem(view.email)),
    };
  }, [snapshot, send, inAppChooser]);
}
export type ModifyScreenView = ReturnType<typeof useModify>;
