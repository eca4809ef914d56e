import { createRequire } from 'node:module';
import type * as DicomParser from 'dicom-parser';

export const dicomParser = createRequire(import.meta.url)('dicom-parser') as typeof DicomParser;

/** A directory record as read back, with its children found by following the offsets. */
export interface ReadRecord {
  offset: number;
  type: string;
  dataSet: DicomParser.DataSet;
  children: ReadRecord[];
}

/** A text value decoded as UTF-8 (dicom-parser's string() reads Latin-1). */
export function utf8(dataSet: DicomParser.DataSet, tag: string): string | undefined {
  const element = dataSet.elements[tag];
  if (!element) return undefined;
  const bytes = dataSet.byteArray.subarray(element.dataOffset, element.dataOffset + element.length);
  return new TextDecoder().decode(bytes).replace(/[\0 ]+$/, '');
}

/**
 * Parses a DICOMDIR and walks it the way a viewer does: from the root's first record along
 * OffsetOfTheNextDirectoryRecord, down OffsetOfReferencedLowerLevelDirectoryEntity. Throws when an
 * offset points at no record, a record is reached twice, or a record in the sequence is never reached.
 */
export function readDicomdir(bytes: Uint8Array): { dataSet: DicomParser.DataSet; roots: ReadRecord[]; records: number } {
  const dataSet = dicomParser.parseDicom(bytes);
  const items = dataSet.elements.x00041220?.items ?? [];
  // An item's data set starts after its 8-byte header (the item tag and its length).
  const byOffset = new Map(items.map((item) => [item.dataOffset - 8, item.dataSet as DicomParser.DataSet]));
  const seen = new Set<number>();
  const chain = (first: number): ReadRecord[] => {
    const out: ReadRecord[] = [];
    for (let offset = first; offset !== 0; ) {
      const record = byOffset.get(offset);
      if (!record) throw new Error(`no directory record at offset ${offset}`);
      if (seen.has(offset)) throw new Error(`directory record at ${offset} reached twice`);
      seen.add(offset);
      out.push({ offset, type: record.string('x00041430') ?? '', dataSet: record, children: chain(record.uint32('x00041420') ?? 0) });
      offset = record.uint32('x00041400') ?? 0;
    }
    return out;
  };
  const roots = chain(dataSet.uint32('x00041200') ?? 0);
  if (seen.size !== items.length) throw new Error(`${items.length - seen.size} directory records are never reached`);
  const last = roots.at(-1);
  if ((dataSet.uint32('x00041202') ?? 0) !== (last?.offset ?? 0)) throw new Error('the last root record offset is wrong');
  return { dataSet, roots, records: items.length };
}

/** Every record of the tree, depth first. */
export function allRecords(roots: readonly ReadRecord[]): ReadRecord[] {
  return roots.flatMap((record) => [record, ...allRecords(record.children)]);
}
