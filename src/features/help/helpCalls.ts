import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { questionInfoSchema, questionTypesSchema } from '../../shared/api/helpSchemas';
import { ROUTE } from '../../shared/navigation/routes';

export type HelpRequest = { lang: string };

/**
 * An article of the help centre, by its question id. Here, not in HelpScreen, so the article page's
 * chunk does not take in the help centre and its feedback form.
 */
export const helpDetailHref = (questionId: string) => `${ROUTE.helpDetail.path}?${new URLSearchParams({ id: questionId }).toString()}`;
export type ArticleRequest = { lang: string; questionId: string };

/** The question types and their questions, in the patient's language; wrapped so the resource chart has an object. */
export const loadQuestionTypes = async (api: ApiClient, request: HelpRequest, signal?: AbortSignal) => ({
  types: await api.request(ENDPOINTS.helpSupport.QuestionTypes, { params: request, schema: questionTypesSchema, signal }),
});

export const loadQuestion = (api: ApiClient, request: ArticleRequest, signal?: AbortSignal) =>
  api.request(ENDPOINTS.helpSupport.QuestionInfo, { params: request, schema: questionInfoSchema, signal });
