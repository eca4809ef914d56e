import type { SqliteDatabase } from './db';
import { emailOutboxRepository } from './repositories/emailOutbox';
import { followerRepository } from './repositories/followers';
import { officialAccountMessageRepository } from './repositories/officialAccountMessages';
import { patientRepository } from './repositories/patients';

/** How a patient was told: the hospital's official account, e-mail, or not at all (the app shows it when they look). */
export type NoticeChannel = 'officialAccount' | 'email' | 'none';

/** What the hospital tells a patient: a title, an e-mail subject, a line in each language, and the app's page about it. */
export interface PatientNotice {
  /** The official-account message's title (the hospital's language). */
  title: string;
  /** The e-mail's subject, in both languages. */
  subject: string;
  zh: string;
  en: string;
  link: string;
}

/**
 * The one rule for telling a patient something outside the app (issue 27 §4, §5): a template
 * message of the hospital's official account when they follow it, else an e-mail to the address of
 * their personal centre, else nothing. The official account speaks the hospital's language
 * (Chinese); the e-mail carries both.
 */
export function tellPatient(db: SqliteDatabase, patientId: number, notice: PatientNotice, now: Date): NoticeChannel {
  if (followerRepository(db).isFollowing(patientId)) {
    officialAccountMessageRepository(db).send(patientId, { title: notice.title, body: notice.zh, link: notice.link }, now);
    return 'officialAccount';
  }
  const address = patientRepository(db).profileOf(patientId).email;
  if (!address) return 'none';
  emailOutboxRepository(db).send({
    to: address,
    subject: notice.subject,
    body: `${notice.zh}\n${notice.link}\n\n${notice.en}\n${notice.link}`,
    taskId: null,
    sentAt: now.toISOString(),
  });
  return 'email';
}
