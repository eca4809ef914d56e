// @vitest-environment node
/**
 * Which AI analyses fit a study (issue 24 §1): the one rule the sandbox and the app both run to
 * offer a patient only the channels that can read their study.
 */
import { describe, expect, it } from 'vitest';
import { channelFits } from '../../src/shared/rules/aiFit';

const chest = { modality: 'DX', bodyPart: 'CHEST' };

describe('channelFits', () => {
  it('a channel of any body part fits every study of its modalities, and no other modality', () => {
    const anyPart = { modalities: ['CT', 'DX'], bodyParts: null };
    expect(channelFits(anyPart, chest)).toBe(true);
    expect(channelFits(anyPart, { modality: 'CT', bodyPart: null })).toBe(true);
    expect(channelFits(anyPart, { modality: 'MR', bodyPart: 'CHEST' })).toBe(false);
    expect(channelFits({ modalities: [], bodyParts: null }, chest)).toBe(false);
  });

  it('reads a modality whatever its case and surrounding spaces, on either side', () => {
    expect(channelFits({ modalities: [' dx '], bodyParts: null }, chest)).toBe(true);
    expect(channelFits({ modalities: ['DX'], bodyParts: null }, { modality: ' dx ', bodyPart: null })).toBe(true);
  });

  it('a channel that names body parts fits a study of one of them only', () => {
    const lungs = { modalities: ['DX'], bodyParts: ['HEAD', 'CHEST'] };
    expect(channelFits(lungs, chest)).toBe(true);
    expect(channelFits(lungs, { modality: 'DX', bodyPart: 'KNEE' })).toBe(false);
    // The modality still has to fit.
    expect(channelFits(lungs, { modality: 'CT', bodyPart: 'CHEST' })).toBe(false);
  });

  it('compares body parts without their surrounding spaces, on either side', () => {
    expect(channelFits({ modalities: ['DX'], bodyParts: [' CHEST '] }, chest)).toBe(true);
    expect(channelFits({ modalities: ['DX'], bodyParts: ['CHEST'] }, { modality: 'DX', bodyPart: '  CHEST ' })).toBe(true);
  });

  it('a study whose body part is unknown (missing, or only spaces) fits no channel that names body parts, even one naming an empty part', () => {
    const odd = { modalities: ['DX'], bodyParts: ['', 'CHEST'] };
    expect(channelFits(odd, { modality: 'DX', bodyPart: null })).toBe(false);
    expect(channelFits(odd, { modality: 'DX', bodyPart: '   ' })).toBe(false);
    expect(channelFits(odd, { modality: 'DX', bodyPart: '' })).toBe(false);
  });
});
