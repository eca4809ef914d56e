// @vitest-environment node
/**
 * What the patient is told the consultation address sends is read from that address: here the
 * sandbox's own writer (server/sandboxUrls.ts) against the app's reader, so neither can change
 * the parameters without the other saying so.
 */
import { describe, expect, it } from 'vitest';
import { consultationUrl } from '../../server/sandboxUrls';
import { consultationSends } from '../../src/features/consultation/consultationLink';

const STUDY = { collectFilmId: 20, description: '胸部CT平扫', date: '2026-11-18', modality: 'CT' };

describe('what the consultation address sends', () => {
  it('is everything the server put in it: the masked name, the hospital and the study', () => {
    const url = consultationUrl('https://consult.example.org', { patientMasked: '张*', hospitalName: '云胶片示范医院', study: STUDY });
    expect(consultationSends(url)).toEqual({
      site: 'consult.example.org',
      patientName: '张*',
      hospital: '云胶片示范医院',
      study: { modality: 'CT', description: '胸部CT平扫', date: '2026-11-18', number: '20' },
      other: [],
    });
  });

  it('has no study when the consultation is about none', () => {
    const url = consultationUrl('http://127.0.0.1:5321', { patientMasked: '李*', hospitalName: '示范医院' });
    expect(consultationSends(url)).toEqual({ site: '127.0.0.1:5321', patientName: '李*', hospital: '示范医院', study: null, other: [] });
  });

  it('names every parameter it cannot say more of, once; a known one given twice says both values, an empty one nothing', () => {
    const sends = consultationSends('https://consult.example.org/zjwz?token=a&patient=%E5%BC%A0*&patient=x&token=b&hospital=&date=2026-01-02&utm=1');
    expect(sends).toEqual({
      site: 'consult.example.org',
      patientName: '张*, x',
      hospital: null,
      study: { modality: null, description: null, date: '2026-01-02', number: null },
      other: ['token', 'utm'],
    });
  });
});
