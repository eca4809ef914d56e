import type { SqliteDatabase } from '../db';

export interface OfficialAccountMessage {
  title: string;
  body: string;
  link: string;
  sentAt: string;
}

/** The hospital's official-account messages the sandbox "sent" (it sends none): kept, and read back in test mode. */
export function officialAccountMessageRepository(db: SqliteDatabase) {
  const insert = db.prepare<[number, string, string, string, string]>(
    'INSERT INTO official_account_messages (patient_id, title, body, link, sent_at) VALUES (?, ?, ?, ?, ?)',
  );
  const ofPatient = db.prepare<[number], OfficialAccountMessage>(
    'SELECT title, body, link, sent_at AS sentAt FROM official_account_messages WHERE patient_id = ? ORDER BY id DESC',
  );

  return {
    send(patientId: number, message: Omit<OfficialAccountMessage, 'sentAt'>, now: Date): void {
      insert.run(patientId, message.title, message.body, message.link, now.toISOString());
    },

    /** Newest first. */
    ofPatient(patientId: number): OfficialAccountMessage[] {
      return ofPatient.all(patientId);
    },
  };
}

export type OfficialAccountMessageRepository = ReturnType<typeof officialAccountMessageRepository>;
