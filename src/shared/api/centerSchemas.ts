import * as z from 'zod/mini';
import { serverId } from './fields';

/**
 * The personal centre (issue 14): V1.0/Center UserInfo, UpdateUser, UploadImage, UpdateUserEmail.
 * The name, sex, birth date and phone are the hospital's record and cannot be changed here; the
 * patient chooses a display name, an avatar and an e-mail address.
 */

const text = z.string();

/** Business status codes of the Center calls. */
export const CENTER_CODES = {
  /** UpdateUser: the display name breaks the text rule (TEXT_FIELDS.nickName: 1-20 characters, none of them control or invisible format characters). */
  nickNameInvalid: 4601,
  /** UpdateUserEmail: not an address by the rule of spec section 5 (at most TEXT_FIELDS.email.max characters). */
  emailInvalid: 4602,
  /** UploadImage: not a JPEG, PNG or WebP image, or larger than AVATAR_MAX_BYTES. */
  imageRefused: 4603,
} as const;

/** What UploadImage takes; the phone crops to a square and compresses well below it. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The side of the square avatar the phone uploads, in pixels. */
export const AVATAR_SIDE = 256;

/** GET V1.0/Center/UserInfo; UpdateUser and UpdateUserEmail answer the same, as changed. */
export const userInfoSchema = z.object({
  patientId: serverId,
  name: text,
  /** What the app greets the patient by; null: the name. */
  nickName: z.nullable(text),
  /** M or F (spec §3's codes, shown in the reader's language); null when not recorded. */
  sex: z.nullable(text),
  birthDate: z.nullable(text),
  phoneMasked: z.nullable(text),
  email: z.nullable(text),
  /** Absolute URL of the avatar, or null for the default. */
  avatarUrl: z.nullable(text),
  hospitalName: text,
  /** How many studies and orders the patient has, for the centre's entries. */
  studyCount: z.int().check(z.nonnegative()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** POST V1.0/Center/UpdateUser { nickName }. */
export interface UpdateUserRequest {
  nickName: string;
}

/** POST V1.0/Center/UpdateUserEmail { email }. */
export interface UpdateEmailRequest {
  email: string;
}

/** POST V1.0/Center/UploadImage, multipart/form-data with one part `file`: the new avatar. */
export const avatarUploadedSchema = z.object({ avatarUrl: text });
