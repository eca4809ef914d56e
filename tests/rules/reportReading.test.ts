/**
 * Reading a report for the patient (issue 27, point 1): the glossary's terms found where the
 * doctor wrote them, the ones a clause rules out, and the impression's items.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORY_MEANINGS, REPORT_TERMS } from '../../src/shared/i18n/reportTerms';
import { impressionItems, kindsNamed, readReport } from '../../src/shared/rules/reportReading';

const marked = (text: string) => readReport(text).flatMap((piece) => (piece.term ? [[piece.text, piece.term.id, piece.ruledOut] as const] : []));

describe('the terms of a report', () => {
  it('keeps every character of the text, in order', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...'右肺结节磨玻璃影未见积液，。no nodule 6mm BI-RADS 3类'.split('')) }), (text) => {
      expect(readReport(text).map((piece) => piece.text).join('')).toBe(text);
    }));
  });

  it('reads the longest term written: 肺结节 before 结节, 胸腔积液 before 积液', () => {
    expect(marked('右肺结节，右侧胸腔积液')).toEqual([
      ['肺结节', 'lungNodule', false],
      ['胸腔积液', 'pleuralEffusion', false],
    ]);
  });

  it('finds each written form of every term as that term', () => {
    for (const term of REPORT_TERMS) for (const form of term.written) expect(marked(`见${form}。`), form).toEqual([[form, term.id, false]]);
  });

  it('marks what a clause rules out, and only up to the end of the clause', () => {
    expect(marked('双肺未见明显结节，胸腔未见积液。')).toEqual([
      ['结节', 'nodule', true],
      ['积液', 'effusion', true],
    ]);
    expect(marked('未见积液，右肺见结节')).toEqual([
      ['积液', 'effusion', true],
      ['结节', 'nodule', false],
    ]);
    expect(marked('无明显钙化')).toEqual([['钙化', 'calcification', true]]);
    expect(marked('1. 无积液')).toEqual([['积液', 'effusion', true]]);
  });

  it('does not take "cannot rule out" or an echo-free area for a denial', () => {
    expect(marked('不能排除肿块')).toEqual([['肿块', 'mass', false]]);
    expect(marked('不排除结节')).toEqual([['结节', 'nodule', false]]);
    expect(marked('肝内见无回声囊肿')).toEqual([['囊肿', 'cyst', false]]);
  });

  it('reads English reports by whole words', () => {
    expect(marked('No pleural effusion. A 6 mm nodule in the right lung.')).toEqual([
      ['pleural effusion', 'pleuralEffusion', true],
      ['nodule', 'nodule', false],
    ]);
    expect(marked('Nodules')).toEqual([]);
  });
});

describe("the impression's items", () => {
  it('splits numbered items, with what each names, its size and its category', () => {
    const items = impressionItems('1. 右肺上叶磨玻璃结节，约6mm，Lung-RADS 2类。2. 双侧少量胸腔积液。3. 余未见明显异常。');
    expect(items.map((item) => item.text)).toEqual(['右肺上叶磨玻璃结节，约6mm，Lung-RADS 2类。', '双侧少量胸腔积液。', '余未见明显异常。']);
    expect(items[0]!.terms.map((term) => term.id)).toEqual(['groundGlass']);
    expect(items[0]!.size).toBe('6mm');
    expect(items[0]!.categories.map(({ system, value }) => `${system} ${value}`)).toEqual(['Lung-RADS 2']);
    expect(items[1]!.terms.map((term) => term.id)).toEqual(['pleuralEffusion']);
    expect(items.map((item) => item.normal)).toEqual([false, false, true]);
  });

  it('keeps a category number for the category, not a new item', () => {
    const items = impressionItems('Right breast mass, BI-RADS 4a. Biopsy advised.');
    expect(items).toHaveLength(2);
    expect(items[0]!.categories).toEqual([{ system: 'BI-RADS', value: '4A', meaning: CATEGORY_MEANINGS['BI-RADS']['4'] }]);
  });

  it('splits unnumbered sentences, and items numbered ① ②', () => {
    expect(impressionItems('肝囊肿。胆囊结石。')).toHaveLength(2);
    expect(impressionItems('①脂肪肝 ②胆囊结石').map((item) => item.terms[0]?.id)).toEqual(['fattyLiver', 'gallstone']);
  });

  it('lists what an item rules out apart from what it names', () => {
    const [item] = impressionItems('右肺结节，未见胸腔积液。');
    expect(item!.terms.map((term) => term.id)).toEqual(['lungNodule']);
    expect(item!.ruledOut.map((term) => term.id)).toEqual(['pleuralEffusion']);
    expect(item!.normal).toBe(false);
  });

  it('has no items for an empty impression', () => {
    expect(impressionItems('')).toEqual([]);
    expect(impressionItems(null)).toEqual([]);
  });
});

describe('the glossary', () => {
  it('says every term and every category in both languages', () => {
    for (const term of REPORT_TERMS) for (const text of [term.name, term.plain, term.ask]) expect(text['zh-CN'] && text.en, term.id).toBeTruthy();
    for (const meanings of Object.values(CATEGORY_MEANINGS)) for (const meaning of Object.values(meanings)) expect(meaning['zh-CN'] && meaning.en).toBeTruthy();
    expect(new Set(REPORT_TERMS.map((term) => term.id)).size).toBe(REPORT_TERMS.length);
  });

  it("names an AI mark's kind as a report names it", () => {
    expect(kindsNamed('结节 4.0mm')).toEqual(new Set(['nodule']));
    expect(kindsNamed('右肺上叶磨玻璃结节')).toEqual(new Set(['nodule']));
    expect(kindsNamed('未见结节')).toEqual(new Set());
  });
});
