import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { commandInput } from '../commandInput';
import { signedInPatient } from '../currentPatient';
import { ApiError, ok } from '../envelope';
import { HELP_ARTICLES, HELP_TYPES, type HelpArticle } from '../helpContent';
import { sniffImageType } from '../imageType';
import { readMultipartForm } from '../multipartForm';
import type { FormField, MultipartForm } from '../multipartForm';
import { parseQuery } from '../query';
import { feedbackRepository } from '../repositories/feedback';
import type { FeedbackImage, FeedbackReceipt } from '../repositories/feedback';
import {
  FEEDBACK_CODES,
  FEEDBACK_CONTACT_MAX,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_MAX_IMAGES,
  HELP_CODES,
  type FeedbackReceived,
  type QuestionInfo,
  type QuestionTypes,
} from '../../src/shared/api/helpSchemas';

const languageSchema = z.object({ lang: z.enum(['zh-CN', 'en']).catch('zh-CN').default('zh-CN') });
const questionQuerySchema = languageSchema.extend({ questionId: z.string({ error: 'questionId names an article' }).trim().min(1, 'questionId names an article') });

const titleOf = (article: HelpArticle, lang: 'zh-CN' | 'en') => ({ questionId: article.questionId, title: article.title[lang] });

const CONTENT_INVALID = `反馈内容须为${FEEDBACK_CONTENT_MIN}-${FEEDBACK_CONTENT_MAX}个字`;
const IMAGES_REFUSED = `最多上传${FEEDBACK_MAX_IMAGES}张图片，每张须为不超过${FEEDBACK_IMAGE_MAX_BYTES / 1024 / 1024}MB的JPG、PNG或WebP图片`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The feedback body's limits: the images, and a little room for the four text parts (content is
 * at most 500 characters, 2 KB in UTF-8; a longer one is cut at fieldSize and refused as too long).
 */
const FEEDBACK_LIMITS = { fileSize: FEEDBACK_IMAGE_MAX_BYTES, files: FEEDBACK_MAX_IMAGES, fields: 8, fieldSize: 8 * 1024, parts: FEEDBACK_MAX_IMAGES + 8 };

const imagesRefused = () => new ApiError(FEEDBACK_CODES.imageRefused, IMAGES_REFUSED);

/** The feedback form: multipart as the app sends it, or a JSON body or query without images. */
async function feedbackForm(request: FastifyRequest): Promise<MultipartForm> {
  if (request.isMultipart()) return readMultipartForm(request, imagesRefused);
  const fields = new Map<string, FormField>();
  for (const [name, value] of Object.entries(commandInput(request))) {
    if (typeof value === 'string') fields.set(name, { value, truncated: false });
  }
  return { fields, files: [] };
}

/** The images part by part, each a JPEG, PNG or WebP by its bytes; otherwise 4303. */
function feedbackImages(form: MultipartForm): FeedbackImage[] {
  const images = form.files.filter((file) => file.fieldname === 'images');
  if (images.length > FEEDBACK_MAX_IMAGES) throw imagesRefused();
  return images.map(({ bytes }) => {
    const mime = sniffImageType(bytes);
    if (!mime) throw imagesRefused();
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

  /**
   * Public; a bearer attaches the feedback to its patient (paths.ts, VISITOR_API_PATHS). Parts:
   * clientId (UUID; a draft already received answers its first receipt, nothing recorded again),
   * typeId (a question type or empty), content (trimmed, 10-500 characters, else 4302), contact
   * (optional, at most 100 characters), images (up to 9 JPEG, PNG or WebP of at most 10 MB, else 4303).
   */
  app.post('/V1.0/HelpSupport/SubmitFeedback', async (request) => {
    const patient = await signedInPatient(request);
    const form = await feedbackForm(request);
    const field = (name: string) => form.fields.get(name);
    const clientId = field('clientId')?.value.trim() ?? '';
    if (!UUID.test(clientId)) throw new ApiError(400, 'clientId must be a UUID');
    const received = feedback.receiptOf(clientId);
    if (received) return ok(receiptAnswer(received));
    const content = field('content');
    const text = content?.value.trim() ?? '';
    if (content?.truncated || text.length < FEEDBACK_CONTENT_MIN || text.length > FEEDBACK_CONTENT_MAX) {
      throw new ApiError(FEEDBACK_CODES.contentInvalid, CONTENT_INVALID);
    }
    const images = feedbackImages(form);
    const typeId = field('typeId')?.value.trim() || null;
    if (typeId !== null && !HELP_TYPES.some((type) => type.typeId === typeId)) throw new ApiError(400, 'typeId names no question type');
    const contact = field('contact')?.value.trim() || null;
    if (contact !== null && contact.length > FEEDBACK_CONTACT_MAX) throw new ApiError(400, `contact must be at most ${FEEDBACK_CONTACT_MAX} characters`);
    return ok(receiptAnswer(feedback.record({ clientId, patientId: patient?.id ?? null, typeId, content: text, contact, images })));
  });
}

function receiptAnswer(receipt: FeedbackReceipt): FeedbackReceived {
  return { feedbackId: String(receipt.id), receivedAt: receipt.receivedAt, imageCount: receipt.imageCount };
}
