import { fenToYuan } from './money';
import { AI_ITEMS } from './demoData';
import type { AiItemKey } from './demoData';
import type { AiChannel } from '../src/shared/api/aiApplySchemas';
import { channelFits } from '../src/shared/rules/aiFit';

/**
 * The AI services the demo hospital offers (V1.0/AI/channelList): one per item of AI_ITEMS, whose
 * key is the channel id. A channel analyses studies of its modalities only. Providers are made up.
 */
export interface AiChannelRecord {
  channelId: AiItemKey;
  /** The item's name, which orders keep (ai_orders.item). */
  name: string;
  provider: string;
  /** The provider's name as it gives it in English (this project's extension, like nameEn). */
  providerEn: string;
  /** What it looks for, in plain Chinese. */
  description: string;
  /** The name and what it looks for in English (this project's extension of channelList). */
  nameEn: string;
  descriptionEn: string;
  modalities: readonly string[];
  /** The body parts it analyses (as the hospital names them on the study); null: any of its modalities'. */
  bodyParts: readonly string[] | null;
  /** About how long an analysis takes once paid. */
  minutes: number;
  chargeFen: number;
  checkWay: 1 | 2;
  /** The conclusion a succeeded analysis reports, and how many findings it counts. */
  finding: string;
  findingCount: number;
}

type ChannelTraits = Pick<AiChannelRecord, 'provider' | 'providerEn' | 'description' | 'nameEn' | 'descriptionEn' | 'modalities' | 'bodyParts' | 'minutes'>;

const TRAITS: Record<AiItemKey, ChannelTraits> = {
  lungNodule: { provider: '云影智能', providerEn: 'Yunying AI', description: '识别肺部结节，测量大小并评估恶性风险', nameEn: 'Lung nodule AI analysis', descriptionEn: 'Finds lung nodules, measures them and rates how likely they are to be malignant', modalities: ['CT'], bodyParts: ['胸部', '肺'], minutes: 5 },
  coronaryCta: { provider: '心衡医疗AI', providerEn: 'Xinheng Medical AI', description: '评估冠状动脉各分支的狭窄程度与钙化积分', nameEn: 'Coronary CTA AI analysis', descriptionEn: 'Rates the narrowing of each coronary artery branch and the calcium score', modalities: ['CT'], bodyParts: ['胸部', '心脏', '冠状动脉'], minutes: 10 },
  boneAge: { provider: '明析智能', providerEn: 'Mingxi Intelligence', description: '根据手腕部X光片评估骨骼发育年龄', nameEn: 'Bone age AI analysis', descriptionEn: 'Estimates bone age from a hand and wrist X-ray', modalities: ['DR'], bodyParts: ['手', '腕关节', '手腕'], minutes: 3 },
  fracture: { provider: '明析智能', providerEn: 'Mingxi Intelligence', description: '筛查X光片上的骨折征象', nameEn: 'Fracture AI screening', descriptionEn: 'Screens X-rays for signs of fracture', modalities: ['DR'], bodyParts: null, minutes: 3 },
  thyroidNodule: { provider: '声影科技', providerEn: 'Shengying Technology', description: '识别甲状腺结节并给出TI-RADS分类建议', nameEn: 'Thyroid nodule AI analysis', descriptionEn: 'Finds thyroid nodules and suggests a TI-RADS category', modalities: ['US'], bodyParts: ['甲状腺'], minutes: 5 },
  stroke: { provider: '云影智能', providerEn: 'Yunying AI', description: '识别急性脑梗死与脑出血征象', nameEn: 'Stroke AI analysis', descriptionEn: 'Looks for signs of acute cerebral infarction and haemorrhage', modalities: ['CT', 'MR'], bodyParts: ['头颅', '头部', '脑'], minutes: 8 },
  liverLesion: { provider: '慧眼医疗', providerEn: 'Huiyan Medical', description: '检出肝脏病灶并评估良恶性', nameEn: 'Liver lesion AI analysis', descriptionEn: 'Finds liver lesions and rates whether they look benign or malignant', modalities: ['CT', 'MR', 'US'], bodyParts: ['上腹部', '腹部', '肝脏'], minutes: 8 },
  spine: { provider: '慧眼医疗', providerEn: 'Huiyan Medical', description: '评估椎间盘退变、椎管狭窄等脊柱问题', nameEn: 'Spine AI analysis', descriptionEn: 'Rates disc degeneration, spinal canal narrowing and other spine problems', modalities: ['MR', 'DR'], bodyParts: ['颈椎', '胸椎', '腰椎', '脊柱'], minutes: 6 },
};

export const AI_CHANNELS: readonly AiChannelRecord[] = (Object.keys(AI_ITEMS) as AiItemKey[]).map((key) => ({
  channelId: key,
  ...AI_ITEMS[key],
  ...TRAITS[key],
}));

export function findAiChannel(channelId: string): AiChannelRecord | undefined {
  return AI_CHANNELS.find((channel) => channel.channelId === channelId);
}

/** The channel an order's item names: orders from before channels kept only the item. */
export function aiChannelOfItem(item: string): AiChannelRecord | undefined {
  return AI_CHANNELS.find((channel) => channel.name === item);
}

/** The channels that fit a study: its modality ("CT", "MR", "DR", "US"...) and its body part (a study without one fits only a channel for any). */
export function aiChannelsFor(study: { modality: string; bodyPart: string | null }): AiChannelRecord[] {
  return AI_CHANNELS.filter((channel) => channelFits(channel, study));
}

/** A channel as channelList answers it: yuan. */
export function aiChannelView(channel: AiChannelRecord): AiChannel {
  return {
    channelId: channel.channelId,
    name: channel.name,
    provider: channel.provider,
    providerEn: channel.providerEn,
    description: channel.description,
    nameEn: channel.nameEn,
    descriptionEn: channel.descriptionEn,
    charge: fenToYuan(channel.chargeFen),
    checkWay: channel.checkWay,
    minutes: channel.minutes,
    fits: { modalities: [...channel.modalities], bodyParts: channel.bodyParts && [...channel.bodyParts] },
  };
}
