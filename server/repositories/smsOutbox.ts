import type { SqliteDatabase } from '../db';

export interface SmsMessage {
  text: string;
  code: string | null;
  sentAt: string;
}

/** Every SMS the sandbox "sends" (it sends none): the log shows them, test mode reads them back. */
export function smsOutboxRepository(db: SqliteDatabase) {
  const insert = db.prepare<[string, string, string | null, string]>('INSERT INTO sms_outbox (phone, text, code, sent_at) VALUES (?, ?, ?, ?)');
  const ofPhone = db.prepare<[string, number], SmsMessage>(
    'SELECT text, code, sent_at AS sentAt FROM sms_outbox WHERE phone = ? ORDER BY id DESC LIMIT ?',
  );

  return {
    add(phone: string, text: string, code: string | null, now: Date): void {
      insert.run(phone, text, code, now.toISOString());
    },

    /** Newest first. */
    ofPhone(phone: string, limit = 50): SmsMessage[] {
      return ofPhone.all(phone, limit);
    },
  };
}

export type SmsOutboxRepository = ReturnType<typeof smsOutboxRepository>;
