import { ROUTE } from './routes';

/** What the viewer is opened with (spec section 4 names checkWay, result, showAi, wadourl, studyuid, hospid). */
export interface ViewerLink {
  wadourl: string;
  studyuid: string;
  hospid: string;
  /** An AI result: result=2 and showAi=true with the order's check way. */
  ai?: { checkWay: string };
  /** The series to open first. */
  series?: string;
  /** The AI finding to open on (with `ai`): a report's item the AI located. */
  finding?: string;
}

export function viewerHref(link: ViewerLink): string {
  const query = new URLSearchParams();
  if (link.ai) {
    query.set('checkWay', link.ai.checkWay);
    query.set('result', '2');
    query.set('showAi', 'true');
  }
  query.set('wadourl', link.wadourl);
  query.set('studyuid', link.studyuid);
  query.set('hospid', link.hospid);
  if (link.series) query.set('series', link.series);
  if (link.finding) query.set('finding', link.finding);
  return `${ROUTE.cloudFilm.path}?${query.toString()}`;
}

/** An address of a route that shows one study: `?id=<collectFilmId>`. */
export function studyPageHref(path: string, collectFilmId: string): string {
  return `${path}?${new URLSearchParams({ id: collectFilmId }).toString()}`;
}
