// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { englishTerms, hospitalTerm, RADIOLOGY_GLOSSARY } from '../../src/shared/i18n/glossary';

const CJK = /[\u3400-\u9fff]/;

describe('the radiology glossary (English UI only)', () => {
  it.each([
    ['胸部CT平扫', 'Chest CT non-contrast'],
    ['上腹部CT增强', 'Upper abdomen CT contrast-enhanced'],
    ['头颅MR平扫+DWI', 'Head MR non-contrast+DWI'],
    ['左膝关节MR平扫', 'Left knee MR non-contrast'],
    ['肝胆胰脾彩超', 'Liver, gallbladder, pancreas and spleen colour Doppler ultrasound'],
    ['颈椎正侧位片', 'Cervical spine AP and lateral X-ray'],
    ['胸部正位片', 'Chest AP X-ray'],
    ['放射科CT室', 'Radiology CT room'],
    ['介入放射科', 'Interventional radiology'],
    ['肺结节AI分析', 'Lung nodule AI analysis'],
    // An AI mark's label on the image: a term and a size.
    ['结节 4.0mm', 'Nodule 4.0mm'],
    // A proper name is kept; the words around it are English.
    ['云胶片示范医院服务号', '云胶片示范医院 official account'],
  ])('%s → %s', (chinese, english) => {
    expect(hospitalTerm('en', chinese)).toBe(english);
  });

  it('reads each text once: the same card on the next render costs a look-up', () => {
    const text = '右肩关节MR平扫';
    const first = englishTerms(text);
    const looked = vi.spyOn(String.prototype, 'startsWith');
    try {
      expect(englishTerms(text)).toBe(first);
      expect(looked).not.toHaveBeenCalled();
    } finally {
      looked.mockRestore();
    }
  });

  it('is for English only: Chinese readers see what the hospital wrote', () => {
    expect(hospitalTerm('zh-CN', '胸部CT平扫')).toBe('胸部CT平扫');
    expect(hospitalTerm('en', 'Chest CT')).toBe('Chest CT');
    expect(hospitalTerm('en', null)).toBeNull();
    expect(hospitalTerm('en', undefined)).toBeUndefined();
  });

  it('leaves no Chinese in any text made of its terms and ASCII, and keeps the ASCII', () => {
    const terms = Object.keys(RADIOLOGY_GLOSSARY);
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...terms), fc.constantFrom('CT', 'MR', 'DWI', '+', ' ', 'AI')), { minLength: 1, maxLength: 6 }), (parts) => {
        const english = englishTerms(parts.join(''));
        expect(english).not.toMatch(CJK);
        for (const ascii of parts.filter((part) => !CJK.test(part) && part.trim())) expect(english).toContain(ascii);
      }),
    );
  });

  it('writes every term in English', () => {
    for (const [term, english] of Object.entries(RADIOLOGY_GLOSSARY)) {
      expect(term, term).toMatch(CJK);
      expect(english, term).not.toMatch(CJK);
    }
  });
});
