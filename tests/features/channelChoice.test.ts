import { describe, expect, it } from 'vitest';
import { channelChoice } from '../../src/features/aiApply/channelChoice';
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
  it('shows the first channel chosen until the patient chooses one', () => {
    expect(channelChoice({ study: null, channels: [lung, brain] }, idle, false).chosen).toBe(lung);
    expect(channelChoice({ study: null, channels: [lung, brain] }, { ...idle, choice: 'brain' }, false).chosen).toBe(brain);
    expect(channelChoice({ study: null, channels: [] }, idle, false).chosen).toBeNull();
  });

  it('names the channel being confirmed, and none otherwise', () => {
    expect(channelChoice({ study: null, channels: [lung, brain] }, { ...idle, choice: 'brain', ordering: 'brain' }, false).ordering).toBe(brain);
    expect(channelChoice({ study: null, channels: [lung, brain] }, idle, false).ordering).toBeNull();
  });

  it("offers the chosen channel's live order instead of selling it again; a failed or closed one is sold again", () => {
    const order = (status: number) => study({ orderId: 'AI1', channelId: 'lung', status });
    for (const status of [0, 1, 2, 3]) {
      expect(channelChoice({ study: order(status), channels: [lung, brain] }, idle, false).live, `status ${status}`).toEqual({ orderId: 'AI1', channelId: 'lung', status });
    }
    for (const status of [4, 5]) expect(channelChoice({ study: order(status), channels: [lung, brain] }, idle, false).live, `status ${status}`).toBeNull();
    expect(channelChoice({ study: order(1), channels: [lung, brain] }, { ...idle, choice: 'brain' }, false).live).toBeNull();
  });

  it('takes no tap while ordering or paying', () => {
    const page = { study: null, channels: [lung] };
    expect(channelChoice(page, idle, false).busy).toBe(false);
    expect(channelChoice(page, { ...idle, isSubmitting: true }, false).busy).toBe(true);
    expect(channelChoice(page, idle, true).busy).toBe(true);
  });
});
