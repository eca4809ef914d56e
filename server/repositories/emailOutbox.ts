import type { SqliteDatabase } from '../db';

/** One e-mail the sandbox "sent". */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  body: string;
  taskId: number | null;
  sentAt: string;
}

/** The e-mail outbox: the sandbox sends nothing, it keeps and logs. */
export function emailOutboxRepository(db: SqliteDatabase) {
  const insert = db.prepare<[string, string, string, number | null, string]>(
    'INSERT INTO email_outbox (to_address, subject, body, task_id, sent_at) VALUES (?, ?, ?, ?, ?)',
  );
  const COLUMNS = 'id, to_address AS "to", subject, body, task_id AS taskId, sent_at AS sentAt';
  const to = db.prepare<[string], OutboxMessage>(`SELECT ${COLUMNS} FROM email_outbox WHERE to_address = ? ORDER BY id DESC`);
  const all = db.prepare<[], OutboxMessage>(`SELECT ${COLUMNS} FROM email_outbox ORDER BY id DESC`);

  return {
    send(message: Omit<OutboxMessage, 'id'>): OutboxMessage {
      const { lastInsertRowid } = insert.run(message.to, message.subject, message.body, message.taskId, message.sentAt);
      return { id: Number(lastInsertRowid), ...message };
    },

    /** Newest first; every message without an address. */
    messages(address?: string): OutboxMessage[] {
      return address === undefined ? all.all() : to.all(address);
    },
  };
}

export type EmailOutboxRepository = ReturnType<typeof emailOutboxRepository>;
