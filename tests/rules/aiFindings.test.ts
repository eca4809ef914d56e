import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imageKey, type Finding, type StudyStack } from '../../machines/viewer/viewer.types';
import { aiFindingCount, aiFindingGroups, aiFindingPlaces } from '../../src/shared/rules/aiFindings';

const box = (findingId?: string) => ({ shape: 'box' as const, findingId });
const mark = (findingId?: string) => ({ shape: 'mark' as const, findingId });

describe('how many findings the AI marks show', () => {
  it('counts findings, not marks: one nodule boxed on seven slices, with its centre mark, is one', () => {
    expect(aiFindingCount([...Array.from({ length: 7 }, () => box('n1')), mark('n1')])).toBe(1);
    expect(aiFindingCount([box('n1'), box('n1'), box('n2'), mark('n2')])).toBe(2);
  });

  it('with no finding named, each centre mark stands for one finding, else each box', () => {
    expect(aiFindingCount([box(), box(), box(), mark()])).toBe(1);
    expect(aiFindingCount([box(), mark(), box(), mark()])).toBe(2);
    expect(aiFindingCount([box(), box()])).toBe(2);
    expect(aiFindingCount([box('n1'), box(), mark()])).toBe(2);
  });

  it('none is none', () => {
    expect(aiFindingCount([])).toBe(0);
  });

  it('groups the marks of each named finding together, then each unnamed centre mark alone', () => {
    const [n1a, n2, n1b, centre, loose] = [box('n1'), box('n2'), mark('n1'), mark(), box()];
    expect(aiFindingGroups([n1a, n2, n1b, centre, loose])).toEqual([[n1a, n1b], [n2], [centre]]);
    expect(aiFindingGroups([loose, n2])).toEqual([[n2], [loose]]);
  });
});

/** Two series: an axial one of ten slices and a coronal one of four; each image one frame, but the last coronal instance has two. */
const study: StudyStack = {
  studyUid: '1.2',
  patientName: null,
  patientId: null,
  sex: null,
  age: null,
  studyDate: null,
  studyDescription: null,
  hospitalName: null,
  series: [
    { seriesUid: 'ax', seriesNumber: 2, modality: 'CT', description: null, thumbnailUrl: null, images: Array.from({ length: 10 }, (_, i) => ({ key: imageKey(`ax.${i}`, 1), sopUid: `ax.${i}`, frame: 1, frames: 1 })) },
    {
      seriesUid: 'co',
      seriesNumber: 3,
      modality: 'CT',
      description: null,
      thumbnailUrl: null,
      images: [
        ...Array.from({ length: 3 }, (_, i) => ({ key: imageKey(`co.${i}`, 1), sopUid: `co.${i}`, frame: 1, frames: 1 })),
        { key: imageKey('co.3', 1), sopUid: 'co.3', frame: 1, frames: 2 },
        { key: imageKey('co.3', 2), sopUid: 'co.3', frame: 2, frames: 2 },
      ],
    },
  ],
};

/** A box of this side on an axial slice (or another series' image). */
function boxOn(slice: number, side: number, more: Partial<Finding> = {}): Finding {
  return { findingId: 'n1', seriesUid: 'ax', sopUid: `ax.${slice}`, frame: 1, shape: 'box', x: 10, y: 10, width: side, height: side, label: '结节 6.0mm', ...more };
}
const slicesOf = (marks: Finding[]) => aiFindingPlaces(study, marks).map((place) => `${place.seriesUid}/${place.sopUid}:${place.frame}`);

describe('where the viewer goes to see each finding', () => {
  it('goes to the centre mark when the AI gives one: its own answer to where the finding is', () => {
    const marks = [boxOn(3, 4), boxOn(4, 9), boxOn(5, 12), boxOn(6, 8), { ...boxOn(4, 0), shape: 'mark' as const, width: 0, height: 0 }];
    expect(aiFindingPlaces(study, marks)).toEqual([{ findingId: 'n1', label: '结节 6.0mm', seriesUid: 'ax', sopUid: 'ax.4', frame: 1 }]);
  });

  it('else to the slice where its box is largest, where the finding is widest, not the middle of its slices', () => {
    expect(slicesOf([boxOn(2, 4), boxOn(3, 12), boxOn(4, 9), boxOn(5, 6), boxOn(6, 3)])).toEqual(['ax/ax.3:1']);
    // Area, not width: a flat wide box is smaller than a square one.
    expect(slicesOf([boxOn(2, 10, { height: 2 }), boxOn(3, 6)])).toEqual(['ax/ax.3:1']);
  });

  it('on equal largest boxes (a plateau), to the middle of them in study order', () => {
    expect(slicesOf([boxOn(7, 10), boxOn(2, 4), boxOn(5, 10), boxOn(6, 10)])).toEqual(['ax/ax.6:1']);
    expect(slicesOf([boxOn(6, 10), boxOn(5, 10)])).toEqual(['ax/ax.5:1']);
    expect(slicesOf([boxOn(1, 10), boxOn(2, 10), boxOn(3, 10), boxOn(4, 10)])).toEqual(['ax/ax.2:1']);
  });

  it('weighs a finding\'s boxes in every series together, and names the frame of a multi-frame image', () => {
    expect(slicesOf([boxOn(4, 9), boxOn(0, 11, { seriesUid: 'co', sopUid: 'co.3', frame: 2 }), boxOn(5, 10)])).toEqual(['co/co.3:2']);
  });

  it('orders findings as scrolling through the study meets them: by series, then slice, whatever the AI\'s order', () => {
    const marks = [
      boxOn(1, 5, { findingId: 'late', seriesUid: 'co', sopUid: 'co.1' }),
      boxOn(8, 5, { findingId: 'deep' }),
      boxOn(2, 5, { findingId: 'shallow' }),
      boxOn(2, 3, { findingId: 'same-slice' }),
    ];
    expect(aiFindingPlaces(study, marks).map((place) => place.findingId)).toEqual(['shallow', 'same-slice', 'deep', 'late']);
  });

  it('leaves out a finding none of whose marks is on an image of the study, and the marks that are not', () => {
    expect(slicesOf([boxOn(3, 5, { findingId: 'gone', sopUid: '9.9' }), boxOn(3, 5, { findingId: 'gone', seriesUid: '9', sopUid: 'ax.3' })])).toEqual([]);
    expect(slicesOf([boxOn(3, 5), boxOn(4, 50, { seriesUid: 'elsewhere' }), boxOn(5, 50, { frame: 2 })])).toEqual(['ax/ax.3:1']);
  });

  it('without named findings, goes to each centre mark, else to each box, with its own label', () => {
    const unnamed = { findingId: null };
    const places = aiFindingPlaces(study, [boxOn(2, 8, unnamed), { ...boxOn(6, 0, { ...unnamed, label: '囊肿' }), shape: 'mark' }, { ...boxOn(3, 0, unnamed), shape: 'mark' }]);
    expect(places.map((place) => [place.sopUid, place.findingId, place.label])).toEqual([['ax.3', null, '结节 6.0mm'], ['ax.6', null, '囊肿']]);
    expect(slicesOf([boxOn(4, 8, unnamed), boxOn(2, 8, unnamed)])).toEqual(['ax/ax.2:1', 'ax/ax.4:1']);
  });

  it('goes to as many places as the film page counts findings, when every mark is on an image of the study', () => {
    const someMark = fc.record({
      findingId: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: null }),
      slice: fc.integer({ min: 0, max: 9 }),
      side: fc.integer({ min: 0, max: 20 }),
      shape: fc.constantFrom('box' as const, 'mark' as const),
    });
    fc.assert(
      fc.property(fc.array(someMark, { maxLength: 12 }), (drawn) => {
        const marks = drawn.map(({ findingId, slice, side, shape }) => boxOn(slice, side, { findingId, shape }));
        const places = aiFindingPlaces(study, marks);
        expect(places).toHaveLength(aiFindingCount(marks));
        const order = places.map((place) => Number(place.sopUid.slice(3)));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }),
    );
  });
});
