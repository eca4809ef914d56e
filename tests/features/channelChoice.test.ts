import { describe, expect, it } from 'vitest';
import { channelChoice, channelWords } from '../../src/features/aiApply/channelChoice';
import type { AiChannel, AiStudy } from '../../src/shared/api/aiApplySchemas';

const channel = (channelId: string, charge = 19.9): AiChannel => ({
  channelId,
  name: channelId,
  provider: 'provider',
  description: 'what it finds',
  charge,
  checkWay: 2,
  minutes: 10,
});
const lung = channel('lung');
const brain = channel('brain', 0);
const study = (latestOrder: AiStudy['latestOrder']): AiStudy => ({
  collectFilmId: '8',
  studyDescription: 'CT',
  studyDate: '2026-11-20',
  modality: 'CT',
  bodyPart: null,
  latestOrder,
});
const idle = { choice: null, ordering: null, isSubmitting: false };

describe('the AI channel panel', () => {
  it('chooses nothing for the patient (nothing that costs money is pre-selected), then the channel chosen', () => {
    expect(channelChoice({ study: null, channels: [lung, brain] }, idle, false).chosen).toBeNull();
    expect(channelChoice({ study: null, channels: [lung, brain] }, { ...idle, choice: 'brain' }, false).chosen).toBe(brain);
    expect(channelChoice({ study: null, channels: [] }, idle, false).chosen).toBeNull();
  });

  it('offers only the channels that fit the study: its modality and body part, as each channel says', () => {
    const fits = (modalities: string[], bodyParts: string[] | null) => ({ modalities, bodyParts });
    const lungCt = { ...channel('lungNodule'), fits: fits(['CT'], ['胸部']) };
    const coronary = { ...channel('coronaryCta'), fits: fits(['CT'], ['心脏']) };
    const stroke = { ...channel('stroke'), fits: fits(['CT', 'MR'], ['头颅']) };
    const fracture = { ...channel('fracture'), fits: fits(['DR'], null) };
    const headCt = { ...study(null), modality: 'CT', bodyPart: '头颅' };
    const channels = [lungCt, coronary, stroke, fracture];
    expect(channelChoice({ study: headCt, channels }, idle, false).offered.map((c) => c.channelId)).toEqual(['stroke']);
    expect(channelChoice({ study: { ...headCt, modality: 'dr', bodyPart: '膝关节' }, channels }, idle, false).offered.map((c) => c.channelId)).toEqual(['fracture']);
    // A study without a body part fits only a channel for any; a channel that says nothing of its fit is taken as the backend sent it.
    expect(channelChoice({ study: { ...headCt, bodyPart: null }, channels: [...channels, lung] }, idle, false).offered.map((c) => c.channelId)).toEqual(['lung']);
    // A chosen channel that does not fit is no choice.
    expect(channelChoice({ study: headCt, channels }, { ...idle, choice: 'lungNodule' }, false).chosen).toBeNull();
  });

  it('names the channel being confirmed, and none otherwise', () => {
    expect(channelChoice({ study: null, channels: [lung, brain] }, { ...idle, choice: 'brain', ordering: 'brain' }, false).ordering).toBe(brain);
    expect(channelChoice({ study: null, channels: [lung, brain] }, idle, false).ordering).toBeNull();
  });

  it("shows the study's live order first, on any channel, and its progress instead of selling its channel again; a failed or closed one is sold again", () => {
    const order = (status: number) => study({ orderId: 'AI1', channelId: 'lung', status });
    for (const status of [0, 1, 2, 3]) {
      const shown = channelChoice({ study: order(status), channels: [lung, brain] }, idle, false);
      expect(shown.live, `status ${status}`).toEqual({ orderId: 'AI1', channelId: 'lung', status });
      expect(shown.liveChannel).toBe(lung);
      expect(channelChoice({ study: order(status), channels: [lung, brain] }, { ...idle, choice: 'lung' }, false).chosenIsLive).toBe(true);
    }
    for (const status of [4, 5]) expect(channelChoice({ study: order(status), channels: [lung, brain] }, idle, false).live, `status ${status}`).toBeNull();
    const other = channelChoice({ study: order(1), channels: [lung, brain] }, { ...idle, choice: 'brain' }, false);
    expect(other.live).not.toBeNull();
    expect(other.chosenIsLive).toBe(false);
  });

  it('takes no tap while ordering or paying', () => {
    const page = { study: null, channels: [lung] };
    expect(channelChoice(page, idle, false).busy).toBe(false);
    expect(channelChoice(page, { ...idle, isSubmitting: true }, false).busy).toBe(true);
    expect(channelChoice(page, idle, true).busy).toBe(true);
  });

  it("reads a channel in the patient's language: the backend's English name, description and provider where it gives them", () => {
    const given = { ...channel('lung'), name: '肺结节AI分析', description: '识别肺部结节', provider: '云影智能' };
    const english = { ...given, nameEn: 'Lung nodule AI analysis', descriptionEn: 'Finds lung nodules', providerEn: 'Yunying AI' };
    expect(channelWords(english, 'en')).toEqual({ name: 'Lung nodule AI analysis', description: 'Finds lung nodules', provider: 'Yunying AI' });
    expect(channelWords(english, 'zh-CN')).toEqual({ name: '肺结节AI分析', description: '识别肺部结节', provider: '云影智能' });
    // Without the backend's English: the glossary's words for the name, the rest as the hospital gave it.
    expect(channelWords(given, 'en')).toEqual({ name: 'Lung nodule AI analysis', description: '识别肺部结节', provider: '云影智能' });
  });
});
