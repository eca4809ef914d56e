import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { commandInput } from '../commandInput';
import { signedInPatient } from '../currentPatient';
import { ApiError, ApiFailure, ok } from '../envelope';
import { HELP_ARTICLES, HELP_TYPES, type HelpArticle } from '../helpContent';
import { sniffImageType } from '../imageType';
import { readMultipartForm, refusing } from '../multipartForm';
import type { FormField, MultipartForm, MultipartProblem } from '../multipartForm';
import { parseQuery } from '../query';
import { clientOf, defineLimit, tooManyRequests } from '../rateLimit';
import type { Limit } from '../rateLimit';
import { feedbackRepository } from '../repositories/feedback';
import type { FeedbackImage, FeedbackReceipt } from '../repositories/feedback';
import type { Patient } from '../repositories/patients';
import { requireText, textRefusalMessage } from '../textRule';
import {
  FEEDBACK_CODES,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_IMAGES_MAX_BYTES,
  FEEDBACK_MAX_IMAGES,
  HELP_CODES,
  type FeedbackReceived,
  type FeedbackRefusal,
  type QuestionInfo,
  type QuestionTypes,
} from '../../src/shared/api/helpSchemas';
import { TEXT_FIELDS } from '../../src/shared/rules/text';
import type { TextProblem } from '../../src/shared/rules/text';

const languageSchema = z.object({ lang: z.enum(['zh-CN', 'en']).catch('zh-CN').default('zh-CN') });
const questionQuerySchema = languageSchema.extend({ questionId: z.string({ error: 'questionId names an article' }).trim().min(1, 'questionId names an article') });

const titleOf = (article: HelpArticle, lang: 'zh-CN' | 'en') => ({ questionId: article.questionId, title: article.title[lang] });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MB = 1024 * 1024;

/**
 * The feedback body's limits: the images (each, how many, all together), and a little room for
 * the four text parts (content is at most 500 characters, 2 KB in UTF-8; a longer one is cut at
 * fieldSize and refused as too long) and the multipart framing. The body is cut off where it
 * goes past FEEDBACK_BODY_MAX_BYTES (server/multipartForm.ts).
 */
const FEEDBACK_LIMITS = { fileSize: FEEDBACK_IMAGE_MAX_BYTES, files: FEEDBACK_MAX_IMAGES, fields: 8, fieldSize: 8 * 1024, parts: FEEDBACK_MAX_IMAGES + 8 };
const FEEDBACK_BODY_MAX_BYTES = FEEDBACK_IMAGES_MAX_BYTES + 128 * 1024;

const HOUR = 3600;
const DAY = 24 * HOUR;
/**
 * How much feedback one address, and one signed-in patient, may send: a few an hour, more a day,
 * and at most so many megabytes a day (each send counts its body, at least 1 MB), so a stranger
 * cannot fill the hospital's disk. Counted before the body is read.
 */
const FEEDBACK_QUOTAS = {
  client: [
    defineLimit({ name: 'feedback.clientHour', max: 10, windowSeconds: HOUR, perClient: true, purpose: 'SubmitFeedback (public): sends from one address in an hour' }),
    defineLimit({ name: 'feedback.clientDay', max: 30, windowSeconds: DAY, perClient: true, purpose: 'SubmitFeedback (public): sends from one address in a day' }),
  ],
  clientMegabytes: defineLimit({ name: 'feedback.clientMegabytes', max: 100, windowSeconds: DAY, perClient: true, purpose: 'SubmitFeedback (public): megabytes of feedback from one address in a day' }),
  patient: [
    defineLimit({ name: 'feedback.patientHour', max: 5, windowSeconds: HOUR, perClient: false, purpose: 'SubmitFeedback: sends by one signed-in patient in an hour' }),
    defineLimit({ name: 'feedback.patientDay', max: 20, windowSeconds: DAY, perClient: false, purpose: 'SubmitFeedback: sends by one signed-in patient in a day' }),
  ],
  patientMegabytes: defineLimit({ name: 'feedback.patientMegabytes', max: 100, windowSeconds: DAY, perClient: false, purpose: 'SubmitFeedback: megabytes of feedback by one signed-in patient in a day' }),
} as const;
const TOO_OFTEN = '反馈提交过于频繁，请稍后再试';

const MESSAGES = {
  contentShort: textRefusalMessage('反馈内容', TEXT_FIELDS.feedbackContent, 'short'),
  contentLong: textRefusalMessage('反馈内容', TEXT_FIELDS.feedbackContent, 'long'),
  contentCharacters: textRefusalMessage('反馈内容', TEXT_FIELDS.feedbackContent, 'characters'),
  contactInvalid: `联系方式须为一行，最多${TEXT_FIELDS.feedbackContact.max}个字，且不能含控制字符、文字方向控制符或不可见字符`,
  tooManyImages: `最多上传${FEEDBACK_MAX_IMAGES}张图片`,
  imageTooLarge: `每张图片不能超过${FEEDBACK_IMAGE_MAX_BYTES / MB}MB`,
  notAnImage: '只能上传JPG、PNG或WebP图片',
  uploadTooLarge: `图片合计不能超过${FEEDBACK_IMAGES_MAX_BYTES / MB}MB`,
} as const satisfies Record<FeedbackRefusal['reason'], string>;

const CODES: Record<FeedbackRefusal['reason'], number> = {
  contentShort: FEEDBACK_CODES.contentInvalid,
  contentLong: FEEDBACK_CODES.contentInvalid,
  contentCharacters: FEEDBACK_CODES.contentInvalid,
  contactInvalid: FEEDBACK_CODES.contactInvalid,
  tooManyImages: FEEDBACK_CODES.imageRefused,
  imageTooLarge: FEEDBACK_CODES.imageRefused,
  notAnImage: FEEDBACK_CODES.imageRefused,
  uploadTooLarge: FEEDBACK_CODES.imageRefused,
};

/** A refusal with its reason in the result, so the app says it in the patient's language. */
const refused = (reason: FeedbackRefusal['reason']) => new ApiFailure<FeedbackRefusal>(CODES[reason], MESSAGES[reason], { reason });

const BODY_REFUSALS: Record<Exclude<MultipartProblem, 'malformed'>, FeedbackRefusal['reason']> = {
  bodyTooLarge: 'uploadTooLarge',
  fileTooLarge: 'imageTooLarge',
  tooManyFiles: 'tooManyImages',
};
/** Not a form the app would send (broken multipart, or more text parts than it has): no reason to tell a patient. */
const bodyRefused = (problem: MultipartProblem) => (problem === 'malformed' ? new ApiError(400, 'the feedback form is not well-formed multipart') : refused(BODY_REFUSALS[problem]));
const CONTENT_REFUSALS: Record<TextProblem, FeedbackRefusal['reason']> = { characters: 'contentCharacters', short: 'contentShort', long: 'contentLong' };

/** The feedback form: multipart as the app sends it (cut off past its limits), or a JSON body or query without images. */
async function feedbackForm(request: FastifyRequest): Promise<MultipartForm> {
  if (request.isMultipart()) return readMultipartForm(request, bodyRefused, { maxBodyBytes: FEEDBACK_BODY_MAX_BYTES });
  const fields = new Map<string, FormField>();
  for (const [name, value] of Object.entries(commandInput(request))) {
    if (typeof value === 'string') fields.set(name, { value, truncated: false });
  }
  return { fields, files: [] };
}

/** The images part by part, each a JPEG, PNG or WebP by its bytes, all together within FEEDBACK_IMAGES_MAX_BYTES; otherwise 4303. */
function feedbackImages(form: MultipartForm): FeedbackImage[] {
  const images = form.files.filter((file) => file.fieldname === 'images');
  if (images.length > FEEDBACK_MAX_IMAGES) throw refused('tooManyImages');
  if (images.reduce((sum, image) => sum + image.bytes.length, 0) > FEEDBACK_IMAGES_MAX_BYTES) throw refused('uploadTooLarge');
  return images.map(({ bytes }) => {
    const mime = sniffImageType(bytes);
    if (!mime) throw refused('notAnImage');
    return { mime, bytes };
  });
}

/** The help centre's articles, public, and feedback (issue 14). */
export async function helpRoutes(app: FastifyInstance): Promise<void> {
  const feedback = feedbackRepository(app.sandbox.db);
  await app.register(multipart, { limits: FEEDBACK_LIMITS });
  app.get('/V1.0/HelpSupport/QuestionTypes', async (request) => {
    const { lang } = parseQuery(languageSchema, request.query);
    return ok(
      HELP_TYPES.map((type) => ({
        typeId: type.typeId,
        name: type.name[lang],
        questions: HELP_ARTICLES.filter((article) => article.typeId === type.typeId).map((article) => titleOf(article, lang)),
      })) satisfies QuestionTypes,
    );
  });

  app.get('/V1.0/HelpSupport/QuestionInfo', async (request) => {
    const { lang, questionId } = parseQuery(questionQuerySchema, request.query);
    const article = HELP_ARTICLES.find((one) => one.questionId === questionId);
    if (!article) throw new ApiError(HELP_CODES.questionNotFound, '该问题不存在');
    const type = HELP_TYPES.find((one) => one.typeId === article.typeId)!;
    return ok({
      questionId: article.questionId,
      typeId: article.typeId,
      typeName: type.name[lang],
      title: article.title[lang],
      paragraphs: [...article.paragraphs[lang]],
      updatedAt: article.updatedAt,
      related: article.related.flatMap((id) => HELP_ARTICLES.filter((one) => one.questionId === id)).map((one) => titleOf(one, lang)),
    } satisfies QuestionInfo);
  });

  /** Each quota once, before the body is read: the first that is used up refuses with 429 and the wait. */
  function takeQuotas(request: FastifyRequest, patient: Patient | undefined): void {
    const declared = Number(request.headers['content-length']);
    const megabytes = Math.max(1, Math.ceil((Number.isFinite(declared) ? declared : FEEDBACK_BODY_MAX_BYTES) / MB));
    const client = clientOf(request);
    const counted: Array<[Limit, string, number]> = [
      ...FEEDBACK_QUOTAS.client.map((limit): [Limit, string, number] => [limit, client, 1]),
      [FEEDBACK_QUOTAS.clientMegabytes, client, megabytes],
      ...(patient
        ? [
            ...FEEDBACK_QUOTAS.patient.map((limit): [Limit, string, number] => [limit, String(patient.id), 1]),
            [FEEDBACK_QUOTAS.patientMegabytes, String(patient.id), megabytes] as [Limit, string, number],
          ]
        : []),
    ];
    const now = new Date();
    for (const [limit, key, cost] of counted) {
      const verdict = app.sandbox.limits.take(limit, key, now, cost);
      if (!verdict.allowed) throw refusing(request, tooManyRequests(verdict.retryAfterSeconds, TOO_OFTEN), FEEDBACK_BODY_MAX_BYTES);
    }
  }

  /**
   * Public; a bearer attaches the feedback to its patient (paths.ts, VISITOR_API_PATHS). Parts:
   * clientId (UUID; a draft already received answers its first receipt, nothing recorded again),
   * typeId (a question type or empty), content (the text rule, TEXT_FIELDS.feedbackContent: 10-500
   * characters, else 4302), contact (optional, TEXT_FIELDS.feedbackContact, else 4304), images (up
   * to 9 JPEG, PNG or WebP of at most 10 MB each and 24 MB together, else 4303). Every refusal
   * names its reason in the result. Sending too often (FEEDBACK_QUOTAS) is 429 with the wait.
   */
  app.post('/V1.0/HelpSupport/SubmitFeedback', async (request) => {
    const patient = await signedInPatient(request);
    takeQuotas(request, patient);
    const form = await feedbackForm(request);
    const field = (name: string) => form.fields.get(name);
    const clientId = field('clientId')?.value.trim() ?? '';
    if (!UUID.test(clientId)) throw new ApiError(400, 'clientId must be a UUID');
    const received = feedback.receiptOf(clientId);
    if (received) return ok(receiptAnswer(received));
    const content = field('content');
    if (content?.truncated) throw refused('contentLong');
    const text = requireText(TEXT_FIELDS.feedbackContent, content?.value, (problem) => refused(CONTENT_REFUSALS[problem]));
    const images = feedbackImages(form);
    const typeId = field('typeId')?.value.trim() || null;
    if (typeId !== null && !HELP_TYPES.some((type) => type.typeId === typeId)) throw new ApiError(400, 'typeId names no question type');
    const contact = requireText(TEXT_FIELDS.feedbackContact, field('contact')?.value, () => refused('contactInvalid')) || null;
    return ok(receiptAnswer(feedback.record({ clientId, patientId: patient?.id ?? null, typeId, content: text, contact, images })));
  });
}

function receiptAnswer(receipt: FeedbackReceipt): FeedbackReceived {
  return { feedbackId: String(receipt.id), receivedAt: receipt.receivedAt, imageCount: receipt.imageCount };
}
