import type { Locale } from './locale';

/**
 * Common Chinese radiology terms in English (issue 24, point 10): what the hospital names a study,
 * a body part or a department by, when it gives no translation. Used only when the UI is English;
 * a term not in the list stays as the hospital wrote it (a proper name, say), so nothing is guessed.
 * Longer terms win over their parts (正侧位片 before 正位片, 上腹部 before 腹部).
 */
export const RADIOLOGY_GLOSSARY: Readonly<Record<string, string>> = {
  // Body parts
  上腹部: 'upper abdomen',
  下腹部: 'lower abdomen',
  腹部: 'abdomen',
  盆腔: 'pelvis',
  骨盆: 'pelvis',
  头颅: 'head',
  头部: 'head',
  颅脑: 'brain',
  脑: 'brain',
  胸部: 'chest',
  肺: 'lung',
  心脏: 'heart',
  冠脉: 'coronary',
  冠状动脉: 'coronary artery',
  甲状腺: 'thyroid',
  乳腺: 'breast',
  肝胆胰脾: 'liver, gallbladder, pancreas and spleen',
  肝脏: 'liver',
  肾脏: 'kidney',
  颈椎: 'cervical spine',
  胸椎: 'thoracic spine',
  腰椎: 'lumbar spine',
  脊柱: 'spine',
  膝关节: 'knee',
  肩关节: 'shoulder',
  髋关节: 'hip',
  踝关节: 'ankle',
  肘关节: 'elbow',
  腕关节: 'wrist',
  左: 'left',
  右: 'right',
  双侧: 'both sides',
  // Examinations
  平扫: 'non-contrast',
  增强: 'contrast-enhanced',
  正侧位片: 'AP and lateral X-ray',
  正位片: 'AP X-ray',
  侧位片: 'lateral X-ray',
  彩超: 'colour Doppler ultrasound',
  超声: 'ultrasound',
  磁共振: 'MRI',
  X线: 'X-ray',
  // Departments
  介入放射科: 'Interventional radiology',
  放射科: 'Radiology',
  超声科: 'Ultrasound',
  核医学科: 'Nuclear medicine',
  心内科: 'Cardiology',
  骨科: 'Orthopaedics',
  神经内科: 'Neurology',
  体检中心: 'Health check centre',
  室: 'room',
  // AI analyses, when the service gives no English name
  肺结节: 'lung nodule',
  甲状腺结节: 'thyroid nodule',
  肝脏病灶: 'liver lesion',
  脑卒中: 'stroke',
  骨龄: 'bone age',
  骨折: 'fracture',
  分析: 'analysis',
  筛查: 'screening',
  // What an AI mark on an image names (its label: a term and a size, 结节 4.0mm)
  结节: 'nodule',
  钙化: 'calcification',
  病灶: 'lesion',
  出血: 'haemorrhage',
  梗死: 'infarction',
  囊肿: 'cyst',
  肿块: 'mass',
  积液: 'effusion',
  狭窄: 'stenosis',
  斑块: 'plaque',
  磨玻璃影: 'ground-glass opacity',
  // The hospital's WeChat account
  服务号: 'official account',
};

const TERMS = Object.keys(RADIOLOGY_GLOSSARY).sort((a, b) => b.length - a.length);
const CJK = /[\u3400-\u9fff]/;

/**
 * Each text read once: a list repeats its items' terms on every card and every render, and a
 * cold read at a phone's 4x was a few milliseconds of each tap that re-renders one (issue 26).
 */
const read = new Map<string, string>();
const READ_KEPT = 500;

/**
 * `text` with every glossary term in English, words spaced, the first letter capital:
 * 胸部CT平扫 → "Chest CT non-contrast", 放射科CT室 → "Radiology CT room". What is not a term
 * (a hospital's name) is kept as written.
 */
export function englishTerms(text: string): string {
  let english = read.get(text);
  if (english === undefined) {
    if (read.size >= READ_KEPT) read.clear();
    english = inEnglish(text);
    read.set(text, english);
  }
  return english;
}

function inEnglish(text: string): string {
  const words: string[] = [];
  let rest = '';
  for (let at = 0; at < text.length; ) {
    const term = TERMS.find((one) => text.startsWith(one, at));
    if (term) {
      words.push(rest, RADIOLOGY_GLOSSARY[term]!);
      rest = '';
      at += term.length;
    } else {
      rest += text[at];
      at += 1;
    }
  }
  words.push(rest);
  const joined = words
    .map((word) => word.trim())
    .filter(Boolean)
    .join(' ')
    .replace(/\s+([+,/)])/g, '$1')
    .replace(/([+(/])\s+/g, '$1');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

/** A term the hospital wrote, in the reader's language: in English through the glossary, else as written. */
export function hospitalTerm(locale: Locale, text: string): string;
export function hospitalTerm(locale: Locale, text: string | null | undefined): string | null | undefined;
export function hospitalTerm(locale: Locale, text: string | null | undefined): string | null | undefined {
  if (!text || locale !== 'en' || !CJK.test(text)) return text;
  return englishTerms(text);
}
