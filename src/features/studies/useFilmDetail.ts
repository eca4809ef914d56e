import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { connectFilmDetail } from '../../../machines/filmDetail/filmDetail.connect';
import { filmDetailMachine } from '../../../machines/filmDetail/filmDetail.machine';
import type { FilmDetailInput } from '../../../machines/filmDetail/filmDetail.types';
import type { FilmDetail, Report } from '../../shared/api/studySchemas';
import { useReportFailure } from '../../shared/api/useReportFailure';
import { useAppMachine } from '../../shared/charts/useAppMachine';
import { useServices } from '../../shared/services';
import { checkReportSync, loadExtras, loadFilm, loadReport, type FilmExtras } from './studyCalls';

/** The film detail's chart with the app's calls; the study's failure goes where the error catalogue says. */
export function useFilmDetail(collectFilmId: string) {
  const { api } = useServices();
  const reportFailure = useReportFailure();
  const machine = useMemo(
    () =>
      filmDetailMachine.provide({
        actors: {
          loadFilm: fromPromise<object, FilmDetailInput>(({ input, signal }) => loadFilm(api, input, signal)),
          loadReport: fromPromise<Report, FilmDetailInput>(({ input, signal }) => loadReport(api, input, signal)),
          checkSync: fromPromise(({ input, signal }: { input: FilmDetailInput; signal: AbortSignal }) => checkReportSync(api, input, signal)),
          loadExtras: fromPromise<object, FilmDetailInput>(({ input, signal }) => loadExtras(api, input, signal)),
        },
        actions: { reportFailure: (_, { error }) => reportFailure(error) },
      }),
    [api, reportFailure],
  );
  const [snapshot, send] = useAppMachine(machine, { input: { collectFilmId } });
  return useMemo(() => connectFilmDetail<FilmDetail, Report, FilmExtras>(snapshot, send), [snapshot, send]);
}
