/**
 * Editing the profile (issue 14, modify): the display name, the e-mail address and the avatar.
 * The name, sex, birth date and phone are the hospital's record and are only shown. The avatar
 * is chosen (WeChat's chooser or a file input), cropped to a square the patient pans and zooms,
 * made small on the phone, then uploaded with its progress shown.
 */

/** What the chart needs of the patient's record (the app's UserInfo has more). */
export interface ProfileLike {
  nickName: string | null;
  email: string | null;
  avatarUrl: string | null;
}

/** The part of the chosen picture to keep, in its own pixels. */
export interface CropLike {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a save of the name or the e-mail answered: the record as changed, or refused as invalid (4601, 4602). */
export type SaveOutcome = { ok: true; user: ProfileLike } | { ok: false };

/** WeChat's chooser: the picture, nothing (cancelled), or WeChat failed. */
export type AvatarChoice = { kind: 'chosen'; file: Blob } | { kind: 'cancelled' } | { kind: 'failed' };

/** The avatar made small: the file to upload and a data URL to show meanwhile. */
export interface CompressedAvatar {
  file: Blob;
  preview: string;
}

/** What the upload answered: the new avatar's address, or refused (4603: not an image, too large). */
export type UploadOutcome = { ok: true; avatarUrl: string } | { ok: false };

export type NoticeAbout = 'name' | 'email' | 'avatar';
/**
 * What the page says after a try: saved; invalid (the rule on the phone or the server's 4601/4602);
 * refused (the server would not take the image); offline (no answer: what was typed stays);
 * unreadable (the picture could not be read); chooserFailed (WeChat's chooser failed).
 */
export type NoticeKind = 'saved' | 'invalid' | 'refused' | 'offline' | 'unreadable' | 'chooserFailed';
export interface Notice {
  about: NoticeAbout;
  kind: NoticeKind;
}

export interface ModifyContext {
  user: ProfileLike | null;
  /** What is typed (the record's values until the patient changes them). */
  nickName: string;
  email: string;
  notice: Notice | null;
  /** The picture being cropped. */
  source: Blob | null;
  crop: CropLike | null;
  /** The avatar made small, while it uploads and after an upload that failed (to try again). */
  compressed: CompressedAvatar | null;
  /** How much of the upload has gone, 0 to 1. */
  progress: number;
}

export type ModifyEvent =
  | { type: 'RETRY' }
  | { type: 'EDIT_NAME'; value: string }
  /** `problem`: what the form's rule (1-20 characters) found, or null. */
  | { type: 'SAVE_NAME'; problem: 'invalid' | null }
  | { type: 'EDIT_EMAIL'; value: string }
  /** `problem`: what the e-mail rule of spec section 5 found, or null. */
  | { type: 'SAVE_EMAIL'; problem: 'invalid' | null }
  /** Inside WeChat: open WeChat's chooser for one picture. */
  | { type: 'CHOOSE_AVATAR' }
  /** Elsewhere: the file input gave a picture. */
  | { type: 'PICKED'; file: Blob }
  | { type: 'CROP'; crop: CropLike }
  | { type: 'CANCEL_CROP' }
  /** The upload reports how much has gone, 0 to 1 (through the `onProgress` of its input). */
  | { type: 'UPLOAD_PROGRESS'; progress: number }
  | { type: 'RETRY_UPLOAD' };

/** What the avatar upload is asked: the file, and where to report how much of it has gone (0 to 1). */
export interface AvatarUpload {
  file: Blob;
  onProgress: (fraction: number) => void;
}
