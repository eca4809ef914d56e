import type { SaveOutcome, UploadOutcome } from '../../../machines/modify/modify.types';
import type { ApiClient } from '../../shared/api/client';
import { avatarUploadedSchema, userInfoSchema, type UserInfo } from '../../shared/api/centerSchemas';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { businessFailure } from '../../shared/api/failure';

/** GET V1.0/Center/UserInfo: the patient's record. */
export const loadUserInfo = (api: ApiClient, signal?: AbortSignal): Promise<UserInfo> => api.request(ENDPOINTS.center.UserInfo, { schema: userInfoSchema, signal });

/** A save the server refused (4601, 4602: invalid) is `{ ok: false }`; no answer rejects. */
async function save(call: () => Promise<UserInfo>): Promise<SaveOutcome> {
  try {
    return { ok: true, user: await call() };
  } catch (error) {
    if (businessFailure(error)) return { ok: false };
    throw error;
  }
}

/** POST V1.0/Center/UpdateUser { nickName }. */
export const saveNickName = (api: ApiClient, nickName: string) => save(() => api.request(ENDPOINTS.center.UpdateUser, { data: { nickName }, schema: userInfoSchema }));

/** POST V1.0/Center/UpdateUserEmail { email }. */
export const saveEmail = (api: ApiClient, email: string) => save(() => api.request(ENDPOINTS.center.UpdateUserEmail, { data: { email }, schema: userInfoSchema }));

/** POST V1.0/Center/UploadImage, the part `file`: the new avatar's address, or refused (4603). */
export async function uploadAvatar(api: ApiClient, file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('file', file, 'avatar.jpg');
  try {
    const { avatarUrl } = await api.upload(ENDPOINTS.center.UploadImage, { form, schema: avatarUploadedSchema, onProgress, signal });
    return { ok: true, avatarUrl };
  } catch (error) {
    if (businessFailure(error)) return { ok: false };
    throw error;
  }
}
