import * as z from 'zod/mini';
import type { ActionAnswer } from '../../../machines/confirmedAction/confirmedAction.types';
import { actionAnswer } from '../../shared/api/actionAnswer';
import type { ApiClient } from '../../shared/api/client';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { checkRowSchema } from '../../shared/api/collectSchemas';
import { pageSchema, studySchema } from '../../shared/api/schemas';
import {
  checkTypesSchema,
  deptNamesSchema,
  electImagesSchema,
  electReportSchema,
  filmDetailSchema,
  filmPackageSchema,
  reportAiInfoSchema,
  reportRowSchema,
  reportSchema,
  reportSyncSchema,
  storageInfoSchema,
  studyImagesSchema,
  type DeptNames,
  type FilmDetail,
  type ReportAiInfo,
  type StorageInfo,
} from '../../shared/api/studySchemas';

/** The film detail's own request: the study's id (a film id or a collected film's id). */
export type FilmRequest = { collectFilmId: string };

const byFilm = ({ collectFilmId }: FilmRequest) => ({ CollectId: collectFilmId });

export const loadFilm = (api: ApiClient, film: FilmRequest, signal?: AbortSignal): Promise<FilmDetail> =>
  api.request(ENDPOINTS.package.HospitalStudyImageList, { params: byFilm(film), schema: filmDetailSchema, signal });

export const loadReport = (api: ApiClient, film: FilmRequest, signal?: AbortSignal) =>
  api.request(ENDPOINTS.report.detail, { params: byFilm(film), schema: reportSchema, signal });

export const checkReportSync = (api: ApiClient, film: FilmRequest, signal?: AbortSignal) =>
  api.request(ENDPOINTS.report.GetSyncReportStatus, { params: byFilm(film), schema: reportSyncSchema, signal });

/** What the film detail shows beside the report: storage, AI, and the department names. */
export interface FilmExtras {
  storage: StorageInfo;
  ai: ReportAiInfo;
  departments: DeptNames;
}

export async function loadExtras(api: ApiClient, film: FilmRequest, signal?: AbortSignal): Promise<FilmExtras> {
  const [storage, ai, departments] = await Promise.all([
    api.request(ENDPOINTS.yjpIndex.StorageInfo, { params: byFilm(film), schema: storageInfoSchema, signal }),
    api.request(ENDPOINTS.yjpIndex.ReportAiInfo, { params: byFilm(film), schema: reportAiInfoSchema, signal }),
    api.request(ENDPOINTS.common.DeptNames, { schema: deptNamesSchema, signal }),
  ]);
  return { storage, ai, departments };
}

export const loadElectImages = (api: ApiClient, film: FilmRequest, signal?: AbortSignal) =>
  api.request(ENDPOINTS.yjpIndex.ElectImages, { params: byFilm(film), schema: electImagesSchema, signal });

/** The printed report as the hospital issued it: its pages as pictures (none before it is issued). */
export const loadElectReport = (api: ApiClient, film: FilmRequest, signal?: AbortSignal) =>
  api.request(ENDPOINTS.yjpIndex.ElectReport, { params: byFilm(film), schema: electReportSchema, signal });

/** The study's series and instances and its tags, for the study information page. */
export async function loadStudyTags(api: ApiClient, film: FilmRequest, signal?: AbortSignal) {
  const detail = await loadFilm(api, film, signal);
  const images = await api.request(ENDPOINTS.package.GetPatientStudyImageList, {
    params: { studyUId: detail.studyUId ?? '', hospId: detail.orgCode ?? '' },
    schema: studyImagesSchema,
    signal,
  });
  return { detail, images };
}

const filmPackagePage = pageSchema(filmPackageSchema);
const reportPage = pageSchema(reportRowSchema);
const studyPage = pageSchema(studySchema);
const checkRowPage = pageSchema(checkRowSchema);

/** A page of a list, as the paged list asks for it. */
type PageRequest = { page: number; pageSize: number };
const pageParams = ({ page, pageSize }: PageRequest) => ({ pageIndex: page, pageLength: pageSize });

/** My studies at this hospital, a page of them. */
export const loadStudyPage = (api: ApiClient, request: PageRequest, signal?: AbortSignal) =>
  api.request(ENDPOINTS.package.HospitalStudyList, { params: pageParams(request), schema: studyPage, signal });

/** My images (the films the patient collected), a page of them. */
export const loadFilmPage = (api: ApiClient, request: PageRequest, signal?: AbortSignal) =>
  api.request(ENDPOINTS.package.list, { params: pageParams(request), schema: filmPackagePage, signal });

/** The reports of one check type ('' for all), a page of them. */
export const loadReportPage = (api: ApiClient, request: PageRequest & { filter: string }, signal?: AbortSignal) =>
  api.request(ENDPOINTS.report.ReportPatientStudyList, { params: { checkType: request.filter, ...pageParams(request) }, schema: reportPage, signal });

/** The studies a passed verification opened, a page of them. */
export const loadCheckPage = (api: ApiClient, request: PageRequest, signal?: AbortSignal) =>
  api.request(ENDPOINTS.reportCheck.GetReportList, { params: pageParams(request), schema: checkRowPage, signal });

/** The check types the reports have (CT, MR, ...); wrapped so the resource chart has an object. */
export const loadCheckTypes = async (api: ApiClient, signal?: AbortSignal) => ({
  types: await api.request(ENDPOINTS.report.GetReportCheckType, { schema: checkTypesSchema, signal }),
});

/** Remove a collected film from my images (the study itself stays): a refusal carries the server's message. */
export const removeFilm = (api: ApiClient, collectId: string): Promise<ActionAnswer> =>
  actionAnswer(api.request(ENDPOINTS.package.delete, { params: { collectId }, schema: z.nullish(z.unknown()) }));
