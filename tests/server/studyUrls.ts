import type { FastifyInstance } from 'fastify';
import { patientGrant } from '../../server/signedUrls';
import { studyIdOfUid } from '../../server/studyAccess';
import { studyScope } from '../../server/studyBytes';

/**
 * `url` signed as the sandbox would sign it for the owner of study `studyUid` (server/signedUrls.ts):
 * for tests of what an image route answers, not of who may ask (tests/server/studyBytes.test.ts).
 * A study the sandbox does not have gets a signature for no study, which nothing accepts.
 */
export function signedForOwner(app: FastifyInstance, url: string, studyUid: string): string {
  const { db, signer } = app.sandbox;
  const studyId = studyIdOfUid(db, studyUid);
  const owner = studyId === undefined ? 1 : db.prepare<[number], { id: number }>('SELECT patient_id AS id FROM studies WHERE id = ?').get(studyId)!.id;
  return signer.sign(url, studyScope(studyId ?? 0), patientGrant(owner));
}
