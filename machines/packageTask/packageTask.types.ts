/**
 * Packaging a study for download (issue 13, downloadFilm): find the task this study already has
 * (a reload or a closed tab finds it again), or choose the format and whether to desensitize and
 * ask for one; follow its progress, asking less often while nothing moves; then download, copy
 * the link, or send it by e-mail.
 */

export type PackageFormat = 'dicom' | 'jpeg';
export type TaskState = 'queued' | 'packing' | 'ready' | 'failed';

/** What the chart reads of a task; the app's task type has more. */
export interface TaskLike {
  taskId: string;
  state: TaskState;
  progress: number;
  format: PackageFormat;
  desensitize: boolean;
}

export interface LinkLike {
  url: string;
}

export type ClipboardResult = 'copied' | 'manual';

export type EmailProblem = 'invalidEmail' | 'offline' | 'refused';

/** A send outcome: sent, or refused with the form's or the server's reason. */
export type EmailOutcome = { ok: true; email: string; sentAt: string } | { ok: false; problem: EmailProblem };

export interface PackageTaskInput {
  collectFilmId: string;
}

export interface PackageTaskContext {
  collectFilmId: string;
  format: PackageFormat;
  desensitize: boolean;
  task: TaskLike | null;
  /** Queries in a row that saw no progress: the wait before the next grows with it. */
  idlePolls: number;
  /** Queries in a row that got no answer. */
  failedPolls: number;
  link: LinkLike | null;
  /** Whether the last copy reached the clipboard, or the link must be copied by hand; null before one ends. */
  clipboard: ClipboardResult | null;
  email: string;
  emailProblem: EmailProblem | null;
  emailSentTo: string | null;
  problem: 'offline' | null;
}

export type PackageTaskEvent =
  | { type: 'CHOOSE_FORMAT'; format: PackageFormat }
  | { type: 'SET_DESENSITIZE'; desensitize: boolean }
  | { type: 'REQUEST' }
  | { type: 'RETRY' }
  /** Another package of the same study (another format, or the other desensitize choice). */
  | { type: 'NEW_PACKAGE' }
  | { type: 'COPY_LINK' }
  | { type: 'EDIT_EMAIL'; email: string }
  /** `problem` is what the e-mail rule (spec §5) found, null when it may go. */
  | { type: 'SEND_EMAIL'; problem: 'invalidEmail' | null };

/** How long to wait before asking again: 1 s, doubling while nothing moves, at most 8 s. */
export function pollDelayMs(idlePolls: number): number {
  return Math.min(1000 * 2 ** idlePolls, 8000);
}

/** The back-off stops growing here (8 s). */
export const MAX_IDLE_POLLS = 3;

/** Answers in a row that can be missing before the page says the connection is gone. */
export const MAX_FAILED_POLLS = 3;
