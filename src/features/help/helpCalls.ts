import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { questionInfoSchema, questionTypesSchema } from '../../shared/api/helpSchemas';

export type HelpRequest = { lang: string };

export type ArticleRequest = { lang: string; questionId: string };

/** The question types and their questions, in the patient's language; wrapped so the resource chart has an object. */
export const loadQuestionTypes = async (api: ApiClient, request: HelpRequest, signal?: AbortSignal) => ({
  types: await api.request(ENDPOINTS.helpSupport.QuestionTypes, { params: request, schema: questionTypesSchema, signal }),
});

export const loadQuestion = (api: ApiClient, request: ArticleRequest, signal?: AbortSignal) =>
  api.request(ENDPOINTS.helpSupport.QuestionInfo, { params: request, schema: questionInfoSchema, signal });
