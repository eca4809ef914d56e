import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, ok } from '../envelope';
import { HELP_ARTICLES, HELP_TYPES, type HelpArticle } from '../helpContent';
import { parseQuery } from '../query';
import { HELP_CODES, type QuestionInfo, type QuestionTypes } from '../../src/shared/api/helpSchemas';

const languageSchema = z.object({ lang: z.enum(['zh-CN', 'en']).catch('zh-CN').default('zh-CN') });
const questionQuerySchema = languageSchema.extend({ questionId: z.string({ error: 'questionId names an article' }).trim().min(1, 'questionId names an article') });

const titleOf = (article: HelpArticle, lang: 'zh-CN' | 'en') => ({ questionId: article.questionId, title: article.title[lang] });

/** The help centre's articles, public (issue 14). */
export async function helpRoutes(app: FastifyInstance): Promise<void> {
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
}
