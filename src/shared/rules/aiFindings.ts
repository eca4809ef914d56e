import type { AiFinding } from '../api/studySchemas';

/**
 * How many findings the AI's marks show, as the AI's text counts them (one nodule, not the seven
 * boxes round it on seven slices): the distinct `findingId`s. A provider that names no finding
 * has each of its centre marks (`mark`) stand for one, and each box only where it gives no mark.
 */
export function aiFindingCount(marks: readonly Pick<AiFinding, 'findingId' | 'shape'>[]): number {
  const named = new Set(marks.flatMap((mark) => (mark.findingId ? [mark.findingId] : [])));
  const unnamed = marks.filter((mark) => !mark.findingId);
  const centres = unnamed.filter((mark) => mark.shape === 'mark').length;
  return named.size + (centres > 0 ? centres : unnamed.length);
}
