import type { AiOrderStatus } from '../machines/aiOrder/aiOrder.types';
import type { HospitalModule } from '../src/shared/api/studySchemas';
/** The sandbox's demo hospital, patients and studies. Plain data; `seed.ts` writes it. */

export const DEMO_ORG_CODE = 'DEMO001';
export const DEMO_PATIENT_LOGIN = 'patient1';

export const HOSPITAL_LOGO_PATH = '/sandbox/assets/hospital-logo.svg';
export const OFFICIAL_ACCOUNT_QR_PATH = '/sandbox/assets/official-account-qr.svg';

export const DEMO_HOSPITAL = {
  orgCode: DEMO_ORG_CODE,
  name: '云胶片示范医院',
  theme: 2,
  logoUrl: HOSPITAL_LOGO_PATH,
  officialAccountName: '云胶片示范医院服务号',
  /** What the official-account QR code encodes: WeChat's follow link form. */
  officialAccountFollowUrl: 'http://weixin.qq.com/r/cloud-film-demo001',
  officialAccountQrUrl: OFFICIAL_ACCOUNT_QR_PATH,
  serviceHours: '9:00-18:00',
  servicePhone: '010-65008888',
  /** Its place on the map: GCJ-02 coordinates (what Chinese maps and WeChat's openLocation use). */
  address: '北京市朝阳区东三环北路16号',
  latitude: 39.932431,
  longitude: 116.461087,
  modules: {
    aiAnalysis: true,
    imageStore: true,
    filmDownload: true,
    share: true,
    consultation: true,
    officialAccountPrompt: true,
    cloudFilm: true,
    electronicFilm: true,
    electronicReport: true,
    studyHistory: true,
  } satisfies Record<HospitalModule, boolean>,
} as const;

type Modality = 'CT' | 'MR' | 'DR' | 'US';

/** The demo hospital's departments (codes as its HIS numbers them); a study belongs to its modality's. */
export const DEMO_DEPARTMENTS: ReadonlyArray<{ code: string; name: string; modality?: Modality }> = [
  { code: '2101', name: '放射科CT室', modality: 'CT' },
  { code: '2102', name: '放射科MR室', modality: 'MR' },
  { code: '2103', name: '放射科DR室', modality: 'DR' },
  { code: '2201', name: '超声科', modality: 'US' },
  { code: '2301', name: '核医学科' },
  { code: '2401', name: '介入放射科' },
];

/** What the report tabs call each check type (V1.0/Report/GetReportCheckType), in tab order. */
export const CHECK_TYPE_NAMES: Readonly<Record<Modality, string>> = { CT: 'CT', MR: '磁共振', DR: 'X线', US: '超声' };

export interface ExamTemplate {
  modality: Modality;
  bodyPart: string;
  description: string;
  findings: string;
  impression: string;
}

export const EXAMS = {
  ctChest: {
    modality: 'CT',
    bodyPart: '胸部',
    description: '胸部CT平扫',
    // Every chest CT phantom has its one lung nodule (server/dicom/phantomTorso.ts): the report says so.
    findings: '右肺上叶见一枚实性小结节，直径约4mm，边界清晰。余肺野内未见明确实质性病变。纵隔居中，心影大小形态未见异常。双侧胸腔未见积液。',
    impression: '右肺上叶实性小结节（约4mm），Lung-RADS 2类，建议年度复查。余胸部CT平扫未见明显异常。',
  },
  ctHead: {
    modality: 'CT',
    bodyPart: '头颅',
    description: '头颅CT平扫',
    findings: '脑实质内未见异常密度影，脑室系统未见扩大，脑沟脑裂未见增宽，中线结构居中。颅骨未见骨折。',
    impression: '头颅CT平扫未见明显异常。',
  },
  ctAbdomen: {
    modality: 'CT',
    bodyPart: '上腹部',
    description: '上腹部CT增强',
    findings: '肝脏大小形态正常，肝右叶见一直径约8mm低密度灶，增强扫描边缘结节样强化。胆囊、胰腺、脾脏及双肾未见异常。',
    impression: '肝右叶小血管瘤可能，建议随访。',
  },
  mrHead: {
    modality: 'MR',
    bodyPart: '头颅',
    description: '头颅MR平扫+DWI',
    findings: '双侧额叶皮层下见数个点状长T2信号，FLAIR呈高信号，DWI未见弥散受限。脑室系统未见扩大。',
    impression: '双侧额叶少许缺血灶。',
  },
  mrLumbar: {
    modality: 'MR',
    bodyPart: '腰椎',
    description: '腰椎MR平扫',
    findings: '腰椎生理曲度变直，L4/5椎间盘向后突出，相应硬膜囊受压。各椎体信号未见异常。',
    impression: 'L4/5椎间盘突出。',
  },
  mrKnee: {
    modality: 'MR',
    bodyPart: '膝关节',
    description: '左膝关节MR平扫',
    findings: '内侧半月板后角见线状高信号，未达关节面；前后交叉韧带连续。关节腔少量积液。',
    impression: '左膝内侧半月板后角变性（II度）；少量关节积液。',
  },
  drChest: {
    modality: 'DR',
    bodyPart: '胸部',
    description: '胸部正位片',
    findings: '两肺纹理清晰，未见实质性病变。心影不大，双膈面光整，肋膈角锐利。',
    impression: '心肺膈未见明显异常。',
  },
  drCervical: {
    modality: 'DR',
    bodyPart: '颈椎',
    description: '颈椎正侧位片',
    findings: '颈椎生理曲度变直，C5/6椎体前缘骨质增生，椎间隙未见明显狭窄。',
    impression: '颈椎退行性变。',
  },
  usAbdomen: {
    modality: 'US',
    bodyPart: '腹部',
    description: '肝胆胰脾彩超',
    findings: '肝脏大小形态正常，实质回声均匀；胆囊壁光滑，腔内未见异常回声；胰腺、脾脏未见异常。',
    impression: '肝胆胰脾未见明显异常。',
  },
  usThyroid: {
    modality: 'US',
    bodyPart: '甲状腺',
    description: '甲状腺彩超',
    findings: '甲状腺右叶见一大小约5×4mm低回声结节，边界清，形态规则，内未见明显血流信号。',
    impression: '甲状腺右叶结节（TI-RADS 3类）。',
  },
} as const satisfies Record<string, ExamTemplate>;

export type ExamKey = keyof typeof EXAMS;

/**
 * No report yet, written but not reviewed, or reviewed and signed. A pending report has not
 * reached the cloud-film service: the study is not synced until the hospital sends it
 * (`POST /sandbox/reports/sync`).
 */
export type DemoReportState = 'pending' | 'preliminary' | 'final';

/**
 * Storage, relative to when the sandbox is seeded: images kept a few more days (`expiring`) or
 * no longer kept (`expired`). Without it, the free period (study date + 180 days), or a year
 * from the seed if the free period has ended by then (seed.ts), so only the marked ones show.
 */
export type DemoStorage = 'expiring' | 'expired';

export interface DemoStudy {
  date: string;
  exam: ExamKey;
  report: DemoReportState;
  storage?: DemoStorage;
}

/** The AI analyses the demo hospital sells. checkWay 1: the result is an external page; 2: the in-app viewer. */
export const AI_ITEMS = {
  lungNodule: { name: '肺结节AI分析', chargeFen: 1250, checkWay: 2, finding: '右肺上叶见一枚实性结节，直径约4mm，恶性风险低，建议12个月后复查。', findingCount: 1 },
  coronaryCta: { name: '冠脉CTA AI分析', chargeFen: 3980, checkWay: 1, finding: '冠状动脉各主要分支未见明显狭窄，钙化积分0分。', findingCount: 0 },
  boneAge: { name: '骨龄AI分析', chargeFen: 880, checkWay: 1, finding: '骨骼发育与实际年龄相符，骨骺线已闭合。', findingCount: 0 },
  fracture: { name: '骨折AI筛查', chargeFen: 0, checkWay: 2, finding: '未见明确骨折征象。', findingCount: 0 },
  thyroidNodule: { name: '甲状腺结节AI分析', chargeFen: 1500, checkWay: 1, finding: '甲状腺右叶低回声结节，AI评估TI-RADS 3类，建议定期随访。', findingCount: 1 },
  stroke: { name: '脑卒中AI分析', chargeFen: 2990, checkWay: 2, finding: '未见明确急性梗死或出血征象。', findingCount: 0 },
  liverLesion: { name: '肝脏病灶AI分析', chargeFen: 1990, checkWay: 1, finding: '肝右叶小低密度灶，AI评估良性可能大（血管瘤）。', findingCount: 1 },
  spine: { name: '脊柱AI分析', chargeFen: 1600, checkWay: 2, finding: '椎间盘退行性变，未见明显椎管狭窄。', findingCount: 1 },
} as const satisfies Record<string, { name: string; chargeFen: number; checkWay: 1 | 2; finding: string; findingCount: number }>;

export type AiItemKey = keyof typeof AI_ITEMS;

/** Spec section 4: 0 queued, 1 analysing, 2 to be paid, 3 succeeded, 4 analysis failed, 5 closed. */
export type DemoAiOrderStatus = AiOrderStatus;

export interface DemoAiOrder {
  /** Index into the patient's `studies` (newest first). */
  study: number;
  item: AiItemKey;
  status: DemoAiOrderStatus;
  /** Ordered this many hours after the study. */
  hours: number;
}

export interface DemoPatient {
  loginName: string;
  name: string;
  sex: 'M' | 'F';
  birthDate: string;
  phone: string;
  /** Region code (6 digits) and sequence (3 digits, odd for men); birth date and check character complete it. */
  nationalIdRegion: string;
  nationalIdSequence: string;
  medicalRecordNo: string;
  studies: DemoStudy[];
  /** My films: indexes into `studies` (newest first) that the patient collected, or all of them. */
  collected: 'all' | readonly number[];
  aiOrders: DemoAiOrder[];
}

const final = (date: string, exam: ExamKey): DemoStudy => ({ date, exam, report: 'final' });

const ai = (study: number, item: AiItemKey, status: DemoAiOrderStatus, hours = 1): DemoAiOrder => ({ study, item, status, hours });

/** Every demo patient signs in at the sandbox's identity provider with their login name and this. */
export const DEMO_PASSWORD = 'demo1234';

export const DEMO_PATIENTS: DemoPatient[] = [
  {
    loginName: DEMO_PATIENT_LOGIN,
    name: '张伟',
    sex: 'M',
    birthDate: '1981-04-15',
    phone: '13700001111',
    nationalIdRegion: '110105',
    nationalIdSequence: '123',
    medicalRecordNo: 'MZ0010023456',
    studies: [
      { date: '2026-11-18', exam: 'ctChest', report: 'pending' },
      { date: '2026-10-27', exam: 'drChest', report: 'preliminary' },
      final('2026-09-15', 'usAbdomen'),
      final('2026-08-02', 'mrLumbar'),
      { ...final('2026-06-20', 'ctHead'), storage: 'expiring' },
      { ...final('2026-05-11', 'usThyroid'), storage: 'expired' },
      final('2026-03-28', 'drCervical'),
      final('2026-02-09', 'ctChest'),
      final('2025-12-22', 'mrKnee'),
      final('2025-11-03', 'usAbdomen'),
      final('2025-09-17', 'drChest'),
      final('2025-08-05', 'ctAbdomen'),
      final('2025-06-24', 'mrHead'),
      final('2025-05-08', 'usThyroid'),
      final('2025-03-19', 'ctChest'),
      final('2025-01-27', 'drCervical'),
      final('2024-11-12', 'mrLumbar'),
      final('2024-09-30', 'usAbdomen'),
      final('2024-07-16', 'drChest'),
      final('2024-05-06', 'ctHead'),
    ],
    collected: [0, 1, 2, 3, 4, 5, 7, 9, 12, 16],
    // Several pages in every tab: 11 to be paid, 6 in progress (free ones queue at 0), 7 succeeded
    // (both check ways), 4 failed, 6 closed; 34 in all.
    aiOrders: [
      ai(0, 'lungNodule', 2, 1),
      ai(0, 'coronaryCta', 2, 2),
      ai(0, 'fracture', 0, 3),
      ai(1, 'lungNodule', 1, 1),
      ai(1, 'boneAge', 2, 2),
      ai(2, 'liverLesion', 2),
      ai(3, 'spine', 5, 1),
      ai(3, 'spine', 1, 3),
      ai(4, 'stroke', 2, 1),
      ai(4, 'fracture', 0, 2),
      ai(5, 'thyroidNodule', 3),
      ai(6, 'spine', 2, 1),
      ai(6, 'boneAge', 5, 2),
      ai(7, 'lungNodule', 3, 1),
      ai(7, 'coronaryCta', 3, 2),
      ai(8, 'fracture', 3),
      ai(9, 'liverLesion', 4),
      ai(10, 'lungNodule', 2, 1),
      ai(10, 'boneAge', 1, 2),
      ai(11, 'liverLesion', 2, 1),
      ai(11, 'fracture', 0, 2),
      ai(12, 'stroke', 3),
      ai(13, 'thyroidNodule', 5, 1),
      ai(13, 'thyroidNodule', 2, 2),
      ai(14, 'lungNodule', 4, 1),
      ai(14, 'coronaryCta', 2, 2),
      ai(15, 'spine', 3),
      ai(16, 'spine', 4, 1),
      ai(16, 'spine', 2, 3),
      ai(17, 'liverLesion', 5),
      ai(18, 'lungNodule', 5, 1),
      ai(18, 'boneAge', 3, 2),
      ai(19, 'stroke', 4, 1),
      ai(19, 'stroke', 5, 2),
    ],
  },
  {
    loginName: 'patient2',
    name: '李娜',
    sex: 'F',
    birthDate: '1968-09-23',
    phone: '13600002222',
    nationalIdRegion: '310104',
    nationalIdSequence: '246',
    medicalRecordNo: 'MZ0010031877',
    studies: [
      { date: '2026-11-10', exam: 'mrHead', report: 'preliminary' },
      final('2026-07-14', 'usThyroid'),
      final('2026-01-20', 'ctChest'),
      final('2025-06-03', 'drChest'),
    ],
    collected: 'all',
    aiOrders: [ai(0, 'stroke', 2), ai(1, 'thyroidNodule', 3), ai(2, 'lungNodule', 5)],
  },
  {
    loginName: 'patient3',
    name: '王小明',
    sex: 'M',
    birthDate: '2019-03-12',
    phone: '13500003333',
    nationalIdRegion: '440305',
    nationalIdSequence: '135',
    medicalRecordNo: 'MZ0010045120',
    // The newest report has not reached the service either, so two browser projects each have one to wait for.
    studies: [{ date: '2026-10-08', exam: 'drChest', report: 'pending' }, final('2023-04-18', 'usAbdomen'), final('2019-11-20', 'drChest')],
    // None, so my films shows "no data".
    collected: [],
    // None, so the AI order list shows "no data".
    aiOrders: [],
  },
  // The patient journeys' visitors (e2e/journeys.spec.ts): each language collects by SMS with a
  // number of its own, which no other test texts, so no two sends meet the one-a-minute limit.
  {
    loginName: 'patient4',
    name: '陈静',
    sex: 'F',
    birthDate: '1962-05-21',
    phone: '13400004444',
    nationalIdRegion: '320102',
    nationalIdSequence: '248',
    medicalRecordNo: 'MZ0010045121',
    studies: [final('2026-09-30', 'drChest')],
    collected: 'all',
    aiOrders: [],
  },
  {
    loginName: 'patient5',
    name: '刘洋',
    sex: 'M',
    birthDate: '1958-12-02',
    phone: '13300005555',
    nationalIdRegion: '510104',
    nationalIdSequence: '357',
    medicalRecordNo: 'MZ0010045122',
    studies: [final('2026-08-14', 'drChest')],
    collected: 'all',
    aiOrders: [],
  },
  // Issue 27 §5's journey (e2e/journeys.spec.ts): one patient per language, whose one study's
  // report has not reached the service, to ask about it and be told when it arrives.
  {
    loginName: 'patient6',
    name: '赵敏',
    sex: 'F',
    birthDate: '1975-07-16',
    phone: '13200006666',
    nationalIdRegion: '330106',
    nationalIdSequence: '462',
    medicalRecordNo: 'MZ0010045123',
    studies: [{ date: '2026-11-21', exam: 'drChest', report: 'pending' }],
    collected: [],
    aiOrders: [],
  },
  {
    loginName: 'patient7',
    name: '孙磊',
    sex: 'M',
    birthDate: '1969-03-09',
    phone: '13100007777',
    nationalIdRegion: '420102',
    nationalIdSequence: '573',
    medicalRecordNo: 'MZ0010045124',
    studies: [{ date: '2026-11-22', exam: 'drChest', report: 'pending' }],
    collected: [],
    aiOrders: [],
  },
  // Issue 27 §4's journey (e2e/journeys.spec.ts): one owner per language, who shares a study and is
  // told who opened it; nobody else's notices land in their messages.
  {
    loginName: 'patient8',
    name: '周芳',
    sex: 'F',
    birthDate: '1981-02-27',
    phone: '13000008888',
    nationalIdRegion: '370102',
    nationalIdSequence: '684',
    medicalRecordNo: 'MZ0010045125',
    studies: [final('2026-11-12', 'drChest')],
    collected: [],
    aiOrders: [],
  },
  {
    loginName: 'patient9',
    name: '吴强',
    sex: 'M',
    birthDate: '1972-10-05',
    phone: '18900009999',
    nationalIdRegion: '210102',
    nationalIdSequence: '795',
    medicalRecordNo: 'MZ0010045126',
    studies: [final('2026-11-13', 'drChest')],
    collected: [],
    aiOrders: [],
  },
  // Issue 27 §6's journey (e2e/journeys.spec.ts): one patient per language signs in by SMS code
  // and sets a new password by SMS, which no other test may meet (the old password stops working).
  {
    loginName: 'patient10',
    name: '郑洁',
    sex: 'F',
    birthDate: '1971-10-05',
    phone: '15800001010',
    nationalIdRegion: '350102',
    nationalIdSequence: '806',
    medicalRecordNo: 'MZ0010045127',
    studies: [final('2026-10-12', 'usThyroid')],
    collected: 'all',
    aiOrders: [],
  },
  {
    loginName: 'patient11',
    name: '冯刚',
    sex: 'M',
    birthDate: '1966-01-28',
    phone: '15900001111',
    nationalIdRegion: '610102',
    nationalIdSequence: '917',
    medicalRecordNo: 'MZ0010045128',
    studies: [final('2026-10-19', 'drChest')],
    collected: 'all',
    aiOrders: [],
  },
  // Issue 27 §2's journey (e2e/journeys.spec.ts): one patient per language adds a family member
  // (the two after them, whose phones no other test texts) and acts for them.
  {
    loginName: 'patient12',
    name: '何静',
    sex: 'F',
    birthDate: '1984-08-19',
    phone: '15000001212',
    nationalIdRegion: '230102',
    nationalIdSequence: '128',
    medicalRecordNo: 'MZ0010045129',
    studies: [final('2026-09-08', 'drChest')],
    collected: 'all',
    aiOrders: [],
  },
  {
    loginName: 'patient13',
    name: '高峰',
    sex: 'M',
    birthDate: '1979-01-23',
    phone: '15100001313',
    nationalIdRegion: '430102',
    nationalIdSequence: '239',
    medicalRecordNo: 'MZ0010045130',
    studies: [final('2026-09-09', 'drChest')],
    collected: 'all',
    aiOrders: [],
  },
  {
    loginName: 'patient14',
    name: '何秀兰',
    sex: 'F',
    birthDate: '1952-04-11',
    phone: '15200001414',
    nationalIdRegion: '230102',
    nationalIdSequence: '342',
    medicalRecordNo: 'MZ0010045131',
    studies: [final('2026-10-30', 'ctChest'), final('2025-10-14', 'drChest')],
    collected: 'all',
    aiOrders: [],
  },
  {
    loginName: 'patient15',
    name: '高乐乐',
    sex: 'M',
    birthDate: '2016-12-05',
    phone: '15300001515',
    nationalIdRegion: '430102',
    nationalIdSequence: '453',
    medicalRecordNo: 'MZ0010045132',
    studies: [final('2026-11-02', 'drChest'), final('2026-03-16', 'usAbdomen')],
    collected: 'all',
    aiOrders: [],
  },
];

/** The patient journeys' visitors (below): one study each, collected by SMS in one language each. */
export const JOURNEY_VISITORS = { 'zh-CN': 'patient4', en: 'patient5' } as const;

/** The report-ready journey's patients (above): one study each, its report not sent yet (issue 27 §5). */
export const REPORT_WAITERS = { 'zh-CN': 'patient6', en: 'patient7' } as const;

/** The share-log journey's owners (above): one study each, shared and watched (issue 27 §4). */
export const SHARE_OWNERS = { 'zh-CN': 'patient8', en: 'patient9' } as const;

/** The SMS sign-in journey's patients (above): their passwords change as the journey runs (issue 27 §6). */
export const SMS_SIGNERS = { 'zh-CN': 'patient10', en: 'patient11' } as const;

/** The family journey's patients (above): who adds, and whom, in each language (issue 27 §2). */
export const FAMILY_JOURNEY = {
  'zh-CN': { owner: 'patient12', member: 'patient14', relation: 'parent' },
  en: { owner: 'patient13', member: 'patient15', relation: 'child' },
} as const;

export const DEMO_RADIOLOGISTS = { reporter: '赵明', reviewer: '孙立' } as const;

/**
 * The experience patient: the owner of the hospital's demo study, which anyone may open without
 * signing in (V1.0/Package/ExperiencePass). Never signs in (no password), and cannot be found by
 * collecting: the national ID and phone are not valid ones, so nobody can type them.
 */
export const EXPERIENCE_PATIENT = {
  loginName: 'experience',
  name: '体验用户',
  sex: 'M',
  birthDate: '1976-08-19',
  phone: '',
  nationalId: `EXPERIENCE-${DEMO_ORG_CODE}`,
  medicalRecordNo: 'TY0000000001',
} as const;

/** The demo study: a real CT series, generated like every demo study's. */
export const EXPERIENCE_STUDY: DemoStudy = final('2026-09-08', 'ctChest');
/** Its accession number: TY (体验) and the date, unlike the demo studies' modality prefix. */
export const EXPERIENCE_ACCESSION = `TY${EXPERIENCE_STUDY.date.replaceAll('-', '')}0001`;
