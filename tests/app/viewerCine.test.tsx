/**
 * Cine in the film viewer (issue 25 §4): an ultrasound clip's play/pause control, rendered in the
 * app, the study answered by MSW, each frame decoded by a fake decoder whose file says 66 ms a
 * frame; time on the charts' simulated clock.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { SimulatedClock } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DecodedFrame } from '../../src/features/viewer/dicom/decoded';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

const FRAME_TIME_MS = 66;
/** The fake decoder: every frame a 2 × 2 colour image whose file gives the clip's frame time. */
const decode = vi.fn(
  async (): Promise<DecodedFrame> =>
    ({
      info: { modality: 'US', numberOfFrames: 3, windows: [], pixelSpacing: null, frameTimeMs: FRAME_TIME_MS },
      frame: { kind: 'colour', rows: 2, columns: 2, rgba: new Uint8ClampedArray(16) },
    }) as unknown as DecodedFrame,
);
vi.mock('../../src/features/viewer/dicom/decoderClient', () => ({ createDecoder: () => ({ decode, dispose: () => {} }) }));

startMswServer();

const STUDY = '1.2.840.77';
const WADO = `${window.location.origin}/sandbox/wado`;
const images = {
  studyUId: STUDY,
  patientName: '李娜',
  patientId: 'MZ0010031877',
  sex: 'F',
  age: '052Y',
  studyDate: '2026-11-18',
  studyDescription: '腹部超声',
  hospitalName: '云胶片示范医院',
  series: [
    { seriesUid: `${STUDY}.1`, seriesNumber: 1, modality: 'US', description: 'Liver cine', instances: [{ sopUid: `${STUDY}.1.1`, instanceNumber: 1, frames: 3 }] },
    { seriesUid: `${STUDY}.2`, seriesNumber: 2, modality: 'CT', description: 'Axial', instances: [{ sopUid: `${STUDY}.2.1`, instanceNumber: 1, frames: 1 }] },
  ],
};

beforeEach(() => {
  decode.mockClear();
  server.use(
    http.get(`${API_BASE}V1.0/Package/GetPatientStudyImageList`, () => HttpResponse.json(envelope(images))),
    http.get(WADO, () => new HttpResponse(new Uint8Array([1, 0, 0, 0]).buffer, { headers: { 'content-type': 'application/dicom' } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

const link = `/cloudFilm?${new URLSearchParams({ checkWay: '2', result: '2', wadourl: WADO, studyuid: STUDY, hospid: 'DEMO001' }).toString()}`;
const slice = () => screen.getByTestId('viewer').getAttribute('data-slice-index');
const control = () => screen.getByTestId('viewer-cine');

async function openClip(locale: 'en' | 'zh-CN' = 'en') {
  const clock = new SimulatedClock();
  renderApp(link, { clock, locale });
  await waitFor(() => expect(screen.getByTestId('viewer-progress')).toHaveAttribute('data-ready', '3'));
  const wait = (ms: number) => act(() => clock.increment(ms));
  return { wait };
}

describe('cine in the film viewer', () => {
  it('plays an ultrasound clip at its file\'s frame time, and pause stops it', async () => {
    const { wait } = await openClip();
    expect(control()).toHaveAccessibleName('Pause the clip');
    expect(control()).toHaveAttribute('data-cine-state', 'playing');
    expect(screen.getByTestId('viewer-cine-status')).toHaveTextContent('Playing, 15.2 frames a second');
    wait(FRAME_TIME_MS - 1);
    expect(slice()).toBe('0');
    wait(1);
    expect(slice()).toBe('1');
    wait(FRAME_TIME_MS);
    expect(slice()).toBe('2');
    wait(FRAME_TIME_MS);
    expect(slice()).toBe('0');
    fireEvent.click(control());
    expect(control()).toHaveAccessibleName('Play the clip');
    expect(screen.getByTestId('viewer-cine-status')).toHaveTextContent('Clip paused');
    wait(FRAME_TIME_MS * 5);
    expect(slice()).toBe('0');
    fireEvent.click(control());
    wait(FRAME_TIME_MS);
    expect(slice()).toBe('1');
  });

  it('pauses when the patient scrubs, or leaves the page', async () => {
    const { wait } = await openClip();
    fireEvent.change(screen.getByTestId('viewer-scrubber'), { target: { value: '2' } });
    expect(control()).toHaveAttribute('data-cine-state', 'paused');
    wait(FRAME_TIME_MS * 2);
    expect(slice()).toBe('2');
    fireEvent.click(control());
    expect(control()).toHaveAttribute('data-cine-state', 'playing');
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(control()).toHaveAttribute('data-cine-state', 'paused');
  });

  it('has no control for a series of still images', async () => {
    await openClip();
    fireEvent.click(screen.getAllByTestId('viewer-series')[1]!);
    expect(screen.queryByTestId('viewer-cine')).toBeNull();
  });

  it('opens paused for a patient who asked for reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', addEventListener: () => {}, removeEventListener: () => {} }));
    const { wait } = await openClip();
    expect(control()).toHaveAccessibleName('Play the clip');
    wait(FRAME_TIME_MS * 2);
    expect(slice()).toBe('0');
  });

  it('speaks Chinese in Chinese', async () => {
    await openClip('zh-CN');
    expect(control()).toHaveAccessibleName('暂停动态图像');
    expect(screen.getByTestId('viewer-cine-status')).toHaveTextContent('正在播放，每秒 15.2 帧');
  });
});
