import type { SqliteDatabase } from '../db';
import type { ImageType } from '../imageType';

export interface FeedbackImage {
  mime: ImageType;
  bytes: Buffer;
}

export interface NewFeedback {
  /** The draft's UUID: the same draft sent again is recorded once. */
  clientId: string;
  patientId: number | null;
  typeId: string | null;
  content: string;
  contact: string | null;
  images: readonly FeedbackImage[];
}

export interface FeedbackReceipt {
  id: number;
  receivedAt: string;
  imageCount: number;
}

/** What was stored, for the test-mode endpoint. */
export interface StoredFeedback {
  content: string;
  contact: string | null;
  typeId: string | null;
  patientLogin: string | null;
  receivedAt: string;
  images: Array<{ mime: string; byteLength: number }>;
}

/** Feedback the patients send (V1.0/HelpSupport/SubmitFeedback), with its images. */
export function feedbackRepository(db: SqliteDatabase) {
  const insert = db.prepare<[string, number | null, string | null, string, string | null, string], { id: number }>(`
    INSERT INTO feedback (client_id, patient_id, type_id, content, contact, received_at) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (client_id) DO NOTHING
    RETURNING id`);
  const insertImage = db.prepare<[number, number, string, Buffer]>('INSERT INTO feedback_images (feedback_id, position, mime, bytes) VALUES (?, ?, ?, ?)');
  const receipt = db.prepare<[string], FeedbackReceipt>(`
    SELECT f.id, f.received_at AS receivedAt, (SELECT COUNT(*) FROM feedback_images i WHERE i.feedback_id = f.id) AS imageCount
      FROM feedback f WHERE f.client_id = ?`);
  const stored = db.prepare<[string], Omit<StoredFeedback, 'images'> & { id: number }>(`
    SELECT f.id, f.content, f.contact, f.type_id AS typeId, p.login_name AS patientLogin, f.received_at AS receivedAt
      FROM feedback f LEFT JOIN patients p ON p.id = f.patient_id WHERE f.client_id = ?`);
  const imagesOf = db.prepare<[number], { mime: string; byteLength: number }>(
    'SELECT mime, length(bytes) AS byteLength FROM feedback_images WHERE feedback_id = ? ORDER BY position',
  );

  return {
    /** The receipt of the draft `clientId` names, if it was received. */
    receiptOf(clientId: string): FeedbackReceipt | undefined {
      return receipt.get(clientId);
    },

    /** Records the feedback once: a draft already received answers its first receipt and changes nothing. */
    record(feedback: NewFeedback, now: Date = new Date()): FeedbackReceipt {
      return db
        .transaction(() => {
          const row = insert.get(feedback.clientId, feedback.patientId, feedback.typeId, feedback.content, feedback.contact, now.toISOString());
          if (row) feedback.images.forEach((image, position) => insertImage.run(row.id, position, image.mime, image.bytes));
          return receipt.get(feedback.clientId)!;
        })
        .immediate();
    },

    storedOf(clientId: string): StoredFeedback | undefined {
      const row = stored.get(clientId);
      if (!row) return undefined;
      const { id, ...feedback } = row;
      return { ...feedback, images: imagesOf.all(id) };
    },
  };
}

export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
