import { locateImage, type Finding, type FindingPlace, type StudyStack } from '../../../machines/viewer/viewer.types';

type Mark = Pick<Finding, 'findingId' | 'shape'>;

/**
 * The AI's marks grouped by the finding they show, as the AI's text counts findings (one nodule,
 * not the seven boxes round it on seven slices): one group per distinct `findingId`. A provider
 * that names no finding has each of its centre marks (`mark`) stand for one, and each box only
 * where it gives no mark (its boxes then belong to no finding one goes to).
 */
export function aiFindingGroups<M extends Mark>(marks: readonly M[]): M[][] {
  const named = new Map<string, M[]>();
  for (const mark of marks) if (mark.findingId) named.set(mark.findingId, [...(named.get(mark.findingId) ?? []), mark]);
  const unnamed = marks.filter((mark) => !mark.findingId);
  const centres = unnamed.filter((mark) => mark.shape === 'mark');
  return [...named.values(), ...(centres.length > 0 ? centres : unnamed).map((mark) => [mark])];
}

/** How many findings the AI's marks show (the film page's count, and the viewer's). */
export function aiFindingCount(marks: readonly Mark[]): number {
  return aiFindingGroups(marks).length;
}

type Located = { mark: Finding; seriesIndex: number; sliceIndex: number };
const inStudyOrder = (a: Located, b: Located) => a.seriesIndex - b.seriesIndex || a.sliceIndex - b.sliceIndex;
const area = (located: Located) => located.mark.width * located.mark.height;

/**
 * The image that shows a finding best, of its marks on the study's images (in study order).
 * The provider's centre mark first: it is the provider's own answer to "where is it" (the sandbox
 * puts it on the slice nearest the nodule's middle). Without one, the slice where its box is
 * largest: where the finding is widest, the slice a nodule is measured on and the size its label
 * gives; the middle of the slices that carry it would be that slice only for a round finding, and
 * means nothing for one boxed in two series. Equal largest boxes (a plateau): the middle of them.
 */
function bestImage(located: readonly Located[]): Located | undefined {
  const centre = located.find((one) => one.mark.shape === 'mark');
  if (centre) return centre;
  const largest = Math.max(...located.map(area));
  const widest = located.filter((one) => area(one) === largest);
  return widest[Math.floor((widest.length - 1) / 2)];
}

/**
 * Where the viewer takes the patient to see each AI finding, in the order "next" visits them: in
 * study order of those images (series, then slice), as scrolling through the study would meet
 * them. A finding none of whose marks is on an image of the study is left out: there is nothing to
 * go to. Its label is its chosen mark's.
 */
export function aiFindingPlaces(study: StudyStack, marks: readonly Finding[]): FindingPlace[] {
  const chosen = aiFindingGroups(marks).flatMap((group) => {
    const located = group.flatMap((mark) => {
      const at = locateImage(study, mark);
      return at ? [{ mark, ...at }] : [];
    });
    const best = bestImage(located.sort(inStudyOrder));
    return best ? [best] : [];
  });
  return chosen.sort(inStudyOrder).map(({ mark }) => ({
    findingId: mark.findingId ?? null,
    label: mark.label,
    seriesUid: mark.seriesUid,
    sopUid: mark.sopUid,
    frame: mark.frame,
  }));
}
