import type { Locale } from './locale';

/**
 * Words a radiology report uses, explained for the patient who reads it (issue 27, point 1): a
 * curated list, shipped with the app, in Chinese and English. Each says what the word means in
 * plain words and what to ask the doctor; none says what the patient has. Nothing is sent
 * anywhere and nothing is generated: a word not in the list stays as the doctor wrote it.
 *
 * `written`: how reports write the term (Chinese, and English for hospitals that report in it).
 * `family`: terms that name the same kind of thing (a lung nodule is a nodule), so an AI mark
 * labelled 结节 is found again in a report that says 肺结节.
 */
export interface ReportTerm {
  id: string;
  written: readonly string[];
  family?: string;
  name: Readonly<Record<Locale, string>>;
  plain: Readonly<Record<Locale, string>>;
  ask: Readonly<Record<Locale, string>>;
}

const ASK_MEANING = {
  'zh-CN': '这对我意味着什么？需要复查或进一步检查吗？',
  en: 'What does this mean for me, and does it need a follow-up or another test?',
} as const;

export const REPORT_TERMS: readonly ReportTerm[] = [
  {
    id: 'lungNodule',
    family: 'nodule',
    written: ['肺结节', 'pulmonary nodule', 'lung nodule'],
    name: { 'zh-CN': '肺结节', en: 'Lung nodule' },
    plain: {
      'zh-CN': '肺内的小圆形病灶，直径通常小于 3 厘米。大多数是良性的，尤其是较小的结节；医生会通过复查比较它的大小和形态变化。',
      en: 'A small, round spot in the lung, usually under 3 cm across. Most are harmless, especially small ones; doctors compare its size and shape on a later scan.',
    },
    ask: { 'zh-CN': '这个结节需要复查吗？什么时候复查？', en: 'Does this nodule need a follow-up scan, and when?' },
  },
  {
    id: 'thyroidNodule',
    family: 'nodule',
    written: ['甲状腺结节', 'thyroid nodule'],
    name: { 'zh-CN': '甲状腺结节', en: 'Thyroid nodule' },
    plain: {
      'zh-CN': '甲状腺内的结节，非常常见，绝大多数是良性的。TI-RADS 分类用来描述它在超声上的表现。',
      en: 'A lump in the thyroid gland. Very common, and the great majority are harmless; the TI-RADS category describes how it looks on ultrasound.',
    },
    ask: { 'zh-CN': '这个结节需要穿刺或定期复查吗？', en: 'Does this nodule need a needle test, or a check-up scan from time to time?' },
  },
  {
    id: 'groundGlass',
    family: 'nodule',
    written: ['磨玻璃密度影', '磨玻璃结节', '磨玻璃影', '磨玻璃', 'ground-glass opacity', 'ground glass opacity', 'ground-glass', 'GGO'],
    name: { 'zh-CN': '磨玻璃影', en: 'Ground-glass opacity' },
    plain: {
      'zh-CN': '肺内一片密度轻度增高的模糊区域，像磨砂玻璃，其中的血管仍然可见。感染、炎症或少量出血都可引起，常会自行吸收；持续几个月不消失的需要更密切地随访。',
      en: 'A hazy patch in the lung, like frosted glass, through which the vessels still show. Infection, inflammation or a little bleeding can cause it, and it often clears; one that stays for months is followed more closely.',
    },
    ask: { 'zh-CN': '它可能会自行吸收吗？什么时候需要复查？', en: 'Is it likely to clear by itself, and when should it be checked again?' },
  },
  {
    id: 'nodule',
    family: 'nodule',
    written: ['结节', 'nodule'],
    name: { 'zh-CN': '结节', en: 'Nodule' },
    plain: {
      'zh-CN': '影像上与周围组织不同的小圆形病灶。大多数结节是良性的（如瘢痕、陈旧性炎症），医生会根据大小、形态和随时间的变化判断是否需要随访。',
      en: 'A small, roundish spot that looks different from the tissue around it. Most are harmless (a scar, an old inflammation); its size, shape and any change over time tell doctors whether to watch it.',
    },
    ask: { 'zh-CN': '这个结节需要复查吗？什么时候复查？', en: 'Does this nodule need a follow-up scan, and when?' },
  },
  {
    id: 'pleuralEffusion',
    family: 'effusion',
    written: ['胸腔积液', 'pleural effusion'],
    name: { 'zh-CN': '胸腔积液', en: 'Pleural effusion' },
    plain: {
      'zh-CN': '肺与胸壁之间的胸膜腔内有液体积聚。少量可见于感染后或心脏负担加重时，量多时需要治疗病因，有时需要抽液。',
      en: 'Fluid between the lung and the chest wall. A little can follow an infection or a strained heart; more needs its cause treated, and sometimes draining.',
    },
    ask: { 'zh-CN': '积液的原因是什么？需要治疗或抽液吗？', en: 'What is causing the fluid, and does it need treatment or draining?' },
  },
  {
    id: 'effusion',
    family: 'effusion',
    written: ['积液', 'effusion'],
    name: { 'zh-CN': '积液', en: 'Effusion' },
    plain: {
      'zh-CN': '正常时很少或没有液体的地方出现了液体积聚，如胸腔、关节腔或腹腔。',
      en: 'Fluid collected where there is normally little or none: around a lung, in a joint, in the abdomen.',
    },
    ask: { 'zh-CN': '积液的原因是什么？需要处理吗？', en: 'What is causing the fluid, and does it need treatment?' },
  },
  {
    id: 'calcification',
    written: ['钙化灶', '钙化', 'calcification', 'calcified'],
    name: { 'zh-CN': '钙化', en: 'Calcification' },
    plain: {
      'zh-CN': '钙盐沉积，在影像上显示为高亮的点或斑。通常是陈旧、已经愈合的病变留下的痕迹，多为良性；在乳腺等部位，医生会仔细观察它的形态。',
      en: 'Calcium deposits, which show bright on images. Usually the mark of something old and healed, and harmless; in some places, such as the breast, doctors look closely at their pattern.',
    },
    ask: ASK_MEANING,
  },
  {
    id: 'cyst',
    written: ['囊肿', 'cyst'],
    name: { 'zh-CN': '囊肿', en: 'Cyst' },
    plain: {
      'zh-CN': '内部充满液体的囊状结构。单纯性囊肿很常见，几乎都是良性的，多数不需要处理。',
      en: 'A small sac filled with fluid. Simple cysts are very common, almost always harmless, and most need nothing done.',
    },
    ask: { 'zh-CN': '这个囊肿需要定期复查吗？', en: 'Does this cyst need checking again later?' },
  },
  {
    id: 'spaceOccupying',
    written: ['占位性病变', '占位', 'space-occupying lesion'],
    name: { 'zh-CN': '占位性病变', en: 'Space-occupying lesion' },
    plain: {
      'zh-CN': '在不该有东西的地方出现了占据空间的病变（可能是肿块、囊肿或积液）。这个词不说明性质，通常需要进一步检查。',
      en: 'Something taking up room where there should be none (a mass, a cyst, a collection of fluid). The words do not say what it is; further tests usually follow.',
    },
    ask: { 'zh-CN': '需要做什么检查来明确它的性质？', en: 'Which tests will show what it is?' },
  },
  {
    id: 'mass',
    written: ['肿块', 'mass'],
    name: { 'zh-CN': '肿块', en: 'Mass' },
    plain: {
      'zh-CN': '比结节更大（通常超过 3 厘米）的团块。这个词不说明良性还是恶性，通常需要进一步检查。',
      en: 'A lump larger than a nodule, usually over 3 cm. The word does not say whether it is harmful; further tests usually follow.',
    },
    ask: { 'zh-CN': '需要做什么检查来明确它的性质？', en: 'Which tests will show what it is?' },
  },
  {
    id: 'lesion',
    written: ['病灶', '病变', 'lesion'],
    name: { 'zh-CN': '病灶', en: 'Lesion' },
    plain: {
      'zh-CN': '与正常组织表现不同的区域的统称。这个词本身不说明性质，报告的其他部分会描述它。',
      en: 'Any area that looks different from normal tissue. The word alone does not say what it is; the rest of the report describes it.',
    },
    ask: ASK_MEANING,
  },
  {
    id: 'consolidation',
    written: ['实变', 'consolidation'],
    name: { 'zh-CN': '实变', en: 'Consolidation' },
    plain: {
      'zh-CN': '一部分肺组织里的气体被液体或细胞取代，最常见于肺炎。',
      en: 'Part of the lung filled with fluid or cells instead of air, most often from pneumonia.',
    },
    ask: ASK_MEANING,
  },
  {
    id: 'atelectasis',
    written: ['肺不张', 'atelectasis'],
    name: { 'zh-CN': '肺不张', en: 'Atelectasis' },
    plain: {
      'zh-CN': '一部分肺组织塌陷或没有完全张开。小范围的肺不张常见于手术后或呼吸较浅时。',
      en: 'Part of the lung has collapsed or not fully opened. Small areas are common after surgery or with shallow breathing.',
    },
    ask: ASK_MEANING,
  },
  {
    id: 'emphysema',
    written: ['肺气肿', 'emphysema'],
    name: { 'zh-CN': '肺气肿', en: 'Emphysema' },
    plain: {
      'zh-CN': '肺部细小的气囊（肺泡）受损，使呼气变得困难；最常见的原因是吸烟。',
      en: 'Damage to the tiny air sacs of the lungs, which makes breathing out harder; smoking is the usual cause.',
    },
    ask: { 'zh-CN': '我需要做肺功能检查吗？', en: 'Should I have a breathing (lung function) test?' },
  },
  {
    id: 'scar',
    written: ['纤维条索', '纤维灶', '索条影', '条索影', 'fibrous stripe', 'scarring'],
    name: { 'zh-CN': '纤维灶 / 索条影', en: 'Scar (fibrous streak)' },
    plain: {
      'zh-CN': '瘢痕组织，常是以前的感染留下的痕迹。小的纤维灶很常见，通常不需要处理。',
      en: 'Scar tissue, often left by an old infection. Small scars are common and usually need nothing done.',
    },
    ask: ASK_MEANING,
  },
  {
    id: 'pneumonia',
    written: ['肺炎', 'pneumonia'],
    name: { 'zh-CN': '肺炎', en: 'Pneumonia' },
    plain: { 'zh-CN': '肺部的感染。', en: 'An infection of the lung.' },
    ask: { 'zh-CN': '需要用药吗？什么时候复查胸片或 CT？', en: 'Does it need medicine, and when should the chest be imaged again?' },
  },
  {
    id: 'inflammation',
    written: ['炎性改变', '炎症', '炎性', 'inflammation', 'inflammatory'],
    name: { 'zh-CN': '炎症', en: 'Inflammation' },
    plain: {
      'zh-CN': '身体对感染或损伤的反应，可表现为肿胀和渗出。',
      en: "The body's reaction to an infection or an injury: swelling, fluid.",
    },
    ask: ASK_MEANING,
  },
  {
    id: 'lymphNode',
    written: ['淋巴结肿大', '淋巴结增大', 'lymphadenopathy', 'enlarged lymph node'],
    name: { 'zh-CN': '淋巴结肿大', en: 'Enlarged lymph nodes' },
    plain: {
      'zh-CN': '淋巴结比正常大。淋巴结在对抗感染时常会肿大，医生会评估它们的大小和形态。',
      en: 'Lymph nodes bigger than usual. They often swell while fighting an infection; doctors judge their size and shape.',
    },
    ask: ASK_MEANING,
  },
  {
    id: 'fattyLiver',
    written: ['脂肪肝', 'fatty liver', 'hepatic steatosis'],
    name: { 'zh-CN': '脂肪肝', en: 'Fatty liver' },
    plain: {
      'zh-CN': '肝脏里储存了过多的脂肪。很常见，常与体重、饮酒或血糖有关，改善生活方式后可以好转。',
      en: 'Extra fat stored in the liver. Common, often linked to weight, alcohol or blood sugar; it can improve with changes in daily habits.',
    },
    ask: { 'zh-CN': '我需要查肝功能或调整饮食吗？', en: 'Should I have a liver blood test, or change my diet?' },
  },
  {
    id: 'hemangioma',
    written: ['血管瘤', 'hemangioma', 'haemangioma'],
    name: { 'zh-CN': '血管瘤', en: 'Haemangioma' },
    plain: {
      'zh-CN': '由血管组成的良性病变，常见于肝脏，通常不需要治疗。',
      en: 'A harmless tangle of blood vessels, common in the liver, which usually needs no treatment.',
    },
    ask: { 'zh-CN': '需要定期复查吗？', en: 'Does it need checking again later?' },
  },
  {
    id: 'gallstone',
    family: 'stone',
    written: ['胆囊结石', '胆结石', 'gallstone', 'cholelithiasis'],
    name: { 'zh-CN': '胆囊结石', en: 'Gallstones' },
    plain: {
      'zh-CN': '胆囊内形成的结石。许多人没有症状；吃油腻食物后出现腹痛时应及时就医。',
      en: 'Stones formed in the gallbladder. Many cause no trouble; pain after a fatty meal is a reason to see a doctor.',
    },
    ask: { 'zh-CN': '需要治疗吗？哪些症状需要马上就医？', en: 'Does it need treatment, and which symptoms mean I should come at once?' },
  },
  {
    id: 'kidneyStone',
    family: 'stone',
    written: ['肾结石', 'kidney stone', 'renal calculus', 'nephrolithiasis'],
    name: { 'zh-CN': '肾结石', en: 'Kidney stone' },
    plain: {
      'zh-CN': '肾脏内的结石。较小的可以自行排出，多喝水有帮助。',
      en: 'A hard stone in the kidney. Small ones may pass by themselves; drinking enough water helps.',
    },
    ask: { 'zh-CN': '它能自行排出吗？需要治疗吗？', en: 'Will it pass by itself, or does it need treatment?' },
  },
  {
    id: 'stone',
    family: 'stone',
    written: ['结石', 'calculus', 'stone'],
    name: { 'zh-CN': '结石', en: 'Stone' },
    plain: {
      'zh-CN': '在器官（如肾脏、胆囊）内形成的坚硬沉积物。',
      en: 'A hard deposit formed inside an organ such as a kidney or the gallbladder.',
    },
    ask: ASK_MEANING,
  },
  {
    id: 'discHerniation',
    written: ['椎间盘突出', 'disc herniation', 'herniated disc'],
    name: { 'zh-CN': '椎间盘突出', en: 'Disc herniation' },
    plain: {
      'zh-CN': '椎体之间起缓冲作用的椎间盘向外突出，可能压迫神经，引起腰背痛或腿痛。',
      en: 'The soft cushion between two vertebrae bulges out and may press on a nerve, causing back or leg pain.',
    },
    ask: { 'zh-CN': '需要理疗、用药还是手术？哪些情况需要马上就医？', en: 'Do I need physiotherapy, medicine or surgery, and which symptoms mean I should come at once?' },
  },
  {
    id: 'discBulge',
    written: ['椎间盘膨出', 'disc bulge', 'bulging disc'],
    name: { 'zh-CN': '椎间盘膨出', en: 'Disc bulge' },
    plain: {
      'zh-CN': '椎间盘均匀地向外膨隆，比突出轻。随年龄增长很常见，常常没有症状。',
      en: 'The disc swells evenly beyond its edge, milder than a herniation. Very common with age, and often causes no symptoms.',
    },
    ask: ASK_MEANING,
  },
  {
    id: 'degeneration',
    written: ['退行性变', '退行性改变', '退变', 'degenerative change', 'degeneration'],
    name: { 'zh-CN': '退行性变', en: 'Degenerative change' },
    plain: {
      'zh-CN': '随年龄增长出现的磨损和老化改变，非常常见。',
      en: 'Wear and tear that comes with age; very common.',
    },
    ask: ASK_MEANING,
  },
  {
    id: 'osteophyte',
    written: ['骨质增生', '骨赘', 'osteophyte', 'bone spur'],
    name: { 'zh-CN': '骨质增生', en: 'Bone spurs' },
    plain: {
      'zh-CN': '关节或椎体边缘长出的小骨刺，属于退行性改变。',
      en: 'Small bony outgrowths at the edges of joints or vertebrae, part of wear and tear.',
    },
    ask: ASK_MEANING,
  },
  {
    id: 'fracture',
    written: ['骨折', 'fracture'],
    name: { 'zh-CN': '骨折', en: 'Fracture' },
    plain: { 'zh-CN': '骨头断裂或出现裂缝。', en: 'A break or a crack in a bone.' },
    ask: { 'zh-CN': '需要固定或手术吗？多久能恢复？', en: 'Does it need a cast or surgery, and how long will it take to heal?' },
  },
  {
    id: 'stenosis',
    written: ['狭窄', 'stenosis'],
    name: { 'zh-CN': '狭窄', en: 'Stenosis' },
    plain: { 'zh-CN': '血管或管道（如动脉、椎管）变窄。', en: 'A narrowing of a vessel or a canal, such as an artery or the spinal canal.' },
    ask: ASK_MEANING,
  },
  {
    id: 'plaque',
    written: ['斑块', 'plaque'],
    name: { 'zh-CN': '斑块', en: 'Plaque' },
    plain: {
      'zh-CN': '动脉壁上脂质和钙盐沉积形成的隆起，可使血管变窄。',
      en: 'A build-up of fat and calcium on the wall of an artery, which can narrow it.',
    },
    ask: { 'zh-CN': '我需要控制血脂或血压吗？', en: 'Should I have my cholesterol or blood pressure treated?' },
  },
  {
    id: 'lacunarInfarct',
    family: 'infarct',
    written: ['腔隙性脑梗死', '腔隙性梗死', '腔梗', 'lacunar infarct'],
    name: { 'zh-CN': '腔隙性梗死', en: 'Lacunar infarct' },
    plain: {
      'zh-CN': '脑深部很小的梗死灶，常见于老年人，常常没有症状。',
      en: 'A very small old stroke deep in the brain, common in older people and often without symptoms.',
    },
    ask: { 'zh-CN': '我需要预防卒中的治疗吗？', en: 'Do I need treatment to prevent a stroke?' },
  },
  {
    id: 'infarct',
    family: 'infarct',
    written: ['脑梗死', '梗死', '梗塞', 'infarction', 'infarct'],
    name: { 'zh-CN': '梗死', en: 'Infarction' },
    plain: {
      'zh-CN': '因血液供应中断而坏死的组织，发生在脑部即为脑梗死（一种卒中）。',
      en: 'Tissue that died because its blood supply was cut off; in the brain, a kind of stroke.',
    },
    ask: { 'zh-CN': '这是新的还是陈旧的？需要什么治疗？', en: 'Is it new or old, and which treatment do I need?' },
  },
  {
    id: 'ischaemicFocus',
    written: ['缺血性改变', '缺血灶', 'ischemic focus', 'ischaemic focus', 'small vessel ischemic change'],
    name: { 'zh-CN': '缺血灶', en: 'Ischaemic spots' },
    plain: {
      'zh-CN': '脑内一些小点状区域，多年来血液供应略有减少。随年龄增长和高血压很常见。',
      en: 'Small spots in the brain where the blood supply has been a little low over the years; common with age and high blood pressure.',
    },
    ask: { 'zh-CN': '我需要控制血压、血糖或血脂吗？', en: 'Should I have my blood pressure, blood sugar or cholesterol treated?' },
  },
  {
    id: 'meniscusDegeneration',
    written: ['半月板后角变性', '半月板变性', 'meniscal degeneration'],
    name: { 'zh-CN': '半月板变性', en: 'Meniscus degeneration' },
    plain: {
      'zh-CN': '膝关节内起缓冲作用的半月板出现磨损，但没有撕裂；II 度表示改变尚未到达半月板表面。',
      en: "Wear inside the meniscus, the knee's cushion, without a tear; grade II means the change does not reach its surface.",
    },
    ask: { 'zh-CN': '需要理疗吗？哪些运动需要避免？', en: 'Do I need physiotherapy, and which sports should I avoid?' },
  },
  {
    id: 'haemorrhage',
    written: ['出血', 'hemorrhage', 'haemorrhage', 'bleeding'],
    name: { 'zh-CN': '出血', en: 'Haemorrhage' },
    plain: { 'zh-CN': '血管破裂，血液流到血管外。', en: 'Bleeding: blood outside the vessels.' },
    ask: ASK_MEANING,
  },
  {
    id: 'cardiomegaly',
    written: ['心影增大', '心脏增大', 'cardiomegaly', 'enlarged heart'],
    name: { 'zh-CN': '心影增大', en: 'Enlarged heart shadow' },
    plain: {
      'zh-CN': '影像上心脏的轮廓比正常大，需要心脏超声等检查来明确原因。',
      en: 'The heart looks larger than usual on the image; a heart ultrasound or other tests tell why.',
    },
    ask: { 'zh-CN': '我需要做心脏超声吗？', en: 'Should I have a heart ultrasound?' },
  },
  {
    id: 'enhancement',
    written: ['强化', 'enhancement', 'enhancing'],
    name: { 'zh-CN': '强化', en: 'Enhancement' },
    plain: {
      'zh-CN': '注射造影剂后，某处显影变亮的程度和方式，有助于判断病变的性质。',
      en: 'How a spot lights up after a contrast injection; the pattern helps tell what it is.',
    },
    ask: ASK_MEANING,
  },
  {
    id: 'lowDensity',
    written: ['低密度影', '低密度', 'hypodense', 'low density', 'hypodensity'],
    name: { 'zh-CN': '低密度', en: 'Low density' },
    plain: {
      'zh-CN': '在 CT 上比周围组织更暗。这是对表现的描述，不是诊断。',
      en: 'Darker than the tissue around it on CT. It describes how something looks; it is not a diagnosis.',
    },
    ask: ASK_MEANING,
  },
  {
    id: 'highDensity',
    written: ['高密度影', '高密度', 'hyperdense', 'high density'],
    name: { 'zh-CN': '高密度', en: 'High density' },
    plain: {
      'zh-CN': '在 CT 上比周围组织更亮。这是对表现的描述，不是诊断。',
      en: 'Brighter than the tissue around it on CT. It describes how something looks; it is not a diagnosis.',
    },
    ask: ASK_MEANING,
  },
  {
    id: 'breastHyperplasia',
    written: ['乳腺增生', 'fibrocystic change'],
    name: { 'zh-CN': '乳腺增生', en: 'Breast hyperplasia' },
    plain: {
      'zh-CN': '与激素有关的乳腺组织增厚，非常常见，通常是良性的。',
      en: 'A thickening of breast tissue linked to hormones; very common and usually harmless.',
    },
    ask: ASK_MEANING,
  },
];

/** A reporting category (BI-RADS, Lung-RADS, TI-RADS) and what each of its values means. */
export type CategorySystem = 'BI-RADS' | 'Lung-RADS' | 'TI-RADS';

type Meaning = Readonly<Record<Locale, string>>;

/** What each category says, in plain words: the systems' own published meanings, no more. */
export const CATEGORY_MEANINGS: Readonly<Record<CategorySystem, Readonly<Record<string, Meaning>>>> = {
  'BI-RADS': {
    '0': { 'zh-CN': '需要补充其他影像检查后才能评估。', en: 'More imaging is needed before a category can be given.' },
    '1': { 'zh-CN': '阴性：未见异常。', en: 'Negative: nothing was found.' },
    '2': { 'zh-CN': '良性发现。', en: 'A benign (harmless) finding.' },
    '3': { 'zh-CN': '可能良性，通常建议短期（约 6 个月）随访。', en: 'Probably benign; a check in about 6 months is usually advised.' },
    '4': { 'zh-CN': '可疑恶性，通常建议活检明确。', en: 'Suspicious; a biopsy is usually advised to find out.' },
    '5': { 'zh-CN': '高度提示恶性，需要活检明确。', en: 'Highly suspicious; a biopsy is needed.' },
    '6': { 'zh-CN': '已经活检证实为恶性。', en: 'Cancer already confirmed by a biopsy.' },
  },
  'Lung-RADS': {
    '0': { 'zh-CN': '资料不完整，需要补充检查。', en: 'Incomplete: more images or a comparison are needed.' },
    '1': { 'zh-CN': '阴性，按常规每年筛查。', en: 'Negative; the next yearly screening as usual.' },
    '2': { 'zh-CN': '良性表现，按常规每年筛查。', en: 'Benign appearance; the next yearly screening as usual.' },
    '3': { 'zh-CN': '可能良性，通常建议 6 个月后复查低剂量 CT。', en: 'Probably benign; a low-dose CT in 6 months is usually advised.' },
    '4A': { 'zh-CN': '可疑，通常建议 3 个月后复查 CT 或进一步检查。', en: 'Suspicious; a CT in 3 months or further tests are usually advised.' },
    '4B': { 'zh-CN': '高度可疑，通常需要进一步检查，如增强 CT、PET-CT 或活检。', en: 'Very suspicious; further tests such as a contrast CT, a PET-CT or a biopsy are usually needed.' },
    '4X': { 'zh-CN': '高度可疑，通常需要进一步检查，如增强 CT、PET-CT 或活检。', en: 'Very suspicious; further tests such as a contrast CT, a PET-CT or a biopsy are usually needed.' },
  },
  'TI-RADS': {
    '1': { 'zh-CN': '良性。', en: 'Benign.' },
    '2': { 'zh-CN': '不可疑，多为良性。', en: 'Not suspicious; almost always benign.' },
    '3': { 'zh-CN': '轻度可疑，多为良性，通常定期超声随访。', en: 'Mildly suspicious, most often benign; usually followed with ultrasound.' },
    '4': { 'zh-CN': '中度可疑，医生会根据大小决定是否穿刺。', en: 'Moderately suspicious; depending on its size the doctor may advise a needle test.' },
    '5': { 'zh-CN': '高度可疑，通常建议穿刺活检。', en: 'Highly suspicious; a needle biopsy is usually advised.' },
  },
};
