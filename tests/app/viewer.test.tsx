/**
 * The film viewer rendered in the app: the study list and the AI findings answered by MSW, each
 * image fetched from the archive by MSW, decoded by a fake decoder (the real one runs in a worker).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SimulatedClock } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DecodeError, type DecodedFrame } from '../../src/features/viewer/dicom/decoded';
import { API_BASE, envelope } from '../msw/fixtures';
import { http, HttpResponse, server } from '../msw/handlers';
import { startMswServer } from '../msw/server';
import { renderApp } from './renderApp';

/** The fake decoder reads the first byte the archive sent: 1 is a CT image, 2 a file cut short. */
const decode = vi.fn(async (bytes: ArrayBuffer): Promise<DecodedFrame> => {
  const marker = new Uint8Array(bytes)[0];
  if (marker === 2) throw new DecodeError('truncated', 'cut short');
  if (marker !== 1) throw new DecodeError('notDicom', 'no preamble');
  return {
    info: {
      transferSyntaxUid: '1.2.840.10008.1.2.1',
      sopInstanceUid: '',
      seriesInstanceUid: '',
      studyInstanceUid: '',
      modality: 'CT',
      patientName: '',
      patientId: '',
      studyDate: '',
      studyDescription: '',
      seriesDescription: '',
      seriesNumber: 1,
      instanceNumber: 1,
      numberOfFrames: 1,
      windows: [{ center: 40, width: 400 }],
      pixelSpacing: null,
      photometricInterpretation: 'MONOCHROME2',
      bitsAllocated: 16,
      bitsStored: 12,
      pixelRepresentation: 1,
      frameTimeMs: null,
    },
    frame: { kind: 'grey', rows: 2, columns: 2, values: Float32Array.from([-1000, 0, 40, 1000]), min: -1000, max: 1000, invert: false },
  };
});
vi.mock('../../src/features/viewer/dicom/decoderClient', () => ({ createDecoder: () => ({ decode, dispose: () => {} }) }));

startMswServer();

const STUDY = '1.2.840.99';
/** The app's own archive (jsdom's origin), as the sandbox serves it. */
const WADO = `${window.location.origin}/sandbox/wado`;
const sop = (series: number, n: number) => `${STUDY}.${series}.${n}`;
const images = {
  studyUId: STUDY,
  patientName: '李娜',
  patientId: 'MZ0010031877',
  sex: 'F',
  age: '052Y',
  studyDate: '2026-11-18',
  studyDescription: '胸部CT平扫',
  hospitalName: '云胶片示范医院',
  series: [
    { seriesUid: `${STUDY}.1`, seriesNumber: 1, modality: 'CT', description: 'Axial', instances: [1, 2, 3].map((n) => ({ sopUid: sop(1, n), instanceNumber: n, frames: 1 })) },
    { seriesUid: `${STUDY}.2`, seriesNumber: 2, modality: 'CT', description: 'Coronal', instances: [{ sopUid: sop(2, 1), instanceNumber: 1, frames: 1 }] },
  ],
};
const findings = [{ seriesUid: `${STUDY}.1`, sopUid: sop(1, 1), frame: 1, shape: 'box', x: 0, y: 0, width: 1, height: 1, label: 'Nodule' }];

/** What the archive was asked, and with which headers. */
let asked: Array<{ url: URL; authorization: string | null; cookie: string | null }> = [];
/** How the archive answers each object; anything not listed is a good CT image. */
let answers: Record<string, () => Response | Promise<Response>> = {};

const dicom = (marker: number) => new HttpResponse(new Uint8Array([marker, 0, 0, 0]).buffer, { headers: { 'content-type': 'application/dicom' } });

beforeEach(() => {
  asked = [];
  answers = {};
  decode.mockClear();
  server.use(
    http.get(`${API_BASE}V1.0/Package/GetPatientStudyImageList`, () => HttpResponse.json(envelope(images))),
    http.get(`${API_BASE}V2.0/YJPIndex/ReportAiInfo`, () => HttpResponse.json(envelope({ orders: [], findings }))),
    http.get(`${API_BASE}V1.0/Compare/prior`, () => HttpResponse.json(envelope({ prior: null }))),
    http.get(WADO, ({ request }) => {
      const url = new URL(request.url);
      asked.push({ url, authorization: request.headers.get('authorization'), cookie: request.headers.get('cookie') });
      const answer = answers[url.searchParams.get('objectUID') ?? ''];
      return answer ? answer() : dicom(1);
    }),
  );
});
afterEach(() => vi.useRealTimers());

const link = (change: Record<string, string> = {}) =>
  `/cloudFilm?${new URLSearchParams({ checkWay: '2', result: '2', showAi: 'true', wadourl: WADO, studyuid: STUDY, hospid: 'DEMO001', ...change }).toString()}`;
const viewer = () => screen.getByTestId('viewer');
const settled = () => waitFor(() => expect(screen.getByTestId('viewer-progress')).toHaveAttribute('data-ready', '3'));

describe('the film viewer', () => {
  it('shows the first slice with its corners, then loads the rest of the series behind it', async () => {
    renderApp(link());
    await waitFor(() => expect(screen.getByTestId('viewer')).toHaveAttribute('data-viewer-state', 'imageReady'));
    expect(asked[0]!.url.searchParams.get('objectUID')).toBe(sop(1, 1));
    const overlay = screen.getByTestId('viewer-overlay');
    expect(overlay).toHaveTextContent('李娜');
    expect(overlay).toHaveTextContent('Female · 52 yrs');
    expect(overlay).toHaveTextContent('云胶片示范医院');
    expect(within(overlay).getByTestId('viewer-slice')).toHaveTextContent('Image 1/3');
    expect(within(overlay).getByTestId('viewer-window')).toHaveTextContent('W 400 L 40');
    expect(viewer()).toHaveAttribute('data-window', '40/400');
    expect(viewer()).toHaveAttribute('data-slice-index', '0');
    await settled();
    expect(asked.map((request) => request.url.searchParams.get('objectUID'))).toEqual([sop(1, 1), sop(1, 2), sop(1, 3)]);
  });

  it('asks each image with a WADO-URI request, without credentials or a token', async () => {
    renderApp(link());
    await settled();
    const [first] = asked;
    expect(Object.fromEntries(first!.url.searchParams)).toEqual({
      requestType: 'WADO',
      studyUID: STUDY,
      seriesUID: `${STUDY}.1`,
      objectUID: sop(1, 1),
      contentType: 'application/dicom',
    });
    expect(asked.every((request) => request.authorization === null && request.cookie === null)).toBe(true);
  });

  it('refuses a broken link and an archive that is not allowed, fetching nothing', async () => {
    const broken = renderApp(link({ studyuid: 'not-a-uid' }));
    await waitFor(() => expect(viewer()).toHaveAttribute('data-viewer-state', 'refused'));
    expect(viewer()).toHaveTextContent('This link does not name a study we can open');
    broken.unmount();
    renderApp(link({ wadourl: 'https://elsewhere.example.com/wado' }));
    await waitFor(() => expect(viewer()).toHaveAttribute('data-viewer-state', 'refused'));
    expect(viewer()).toHaveAttribute('data-problem', 'archiveRefused');
    expect(viewer()).toHaveTextContent('an image archive this app may not open');
    expect(asked).toEqual([]);
  });

  it.each([
    ['404', () => new HttpResponse(null, { status: 404 }), 'notFound', 'The image archive does not have this image.'],
    ['a file that is not DICOM', () => dicom(9), 'notDicom', 'This file is not a medical image.'],
    ['401', () => new HttpResponse(null, { status: 401 }), 'denied', 'The image archive refused access to this image.'],
    ['403', () => new HttpResponse(null, { status: 403 }), 'denied', 'The image archive refused access to this image.'],
  ])('an archive that answers %s is a message on that image, with no "try again" that could not help', async (_name, answer, problem, text) => {
    answers[sop(1, 1)] = answer;
    renderApp(link());
    const message = await screen.findByTestId('viewer-image-error');
    expect(message).toHaveAttribute('data-problem', problem);
    expect(message).toHaveTextContent(text);
    // The same file the next time: asking again cannot help.
    expect(within(message).queryByTestId('viewer-image-retry')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('viewer-progress')).toHaveAttribute('data-ready', '2'));
  });

  it.each([
    ['500', () => new HttpResponse('boom', { status: 500 }), 'archiveError', 'The image archive could not send this image.'],
    ['no answer', () => HttpResponse.error(), 'network', 'This image could not be fetched.'],
    ['a truncated file', () => dicom(2), 'truncated', 'This image arrived incomplete.'],
  ])('an archive that answers %s is a message on that image, and the image can be tried again', async (_name, answer, problem, text) => {
    answers[sop(1, 1)] = answer;
    renderApp(link());
    const message = await screen.findByTestId('viewer-image-error');
    expect(message).toHaveAttribute('data-problem', problem);
    expect(message).toHaveTextContent(text);
    expect(viewer()).toHaveAttribute('data-viewer-state', 'imageFailed');
    // The rest of the series still loads.
    await waitFor(() => expect(screen.getByTestId('viewer-progress')).toHaveAttribute('data-ready', '2'));
    delete answers[sop(1, 1)];
    fireEvent.click(within(message).getByTestId('viewer-image-retry'));
    await waitFor(() => expect(viewer()).toHaveAttribute('data-viewer-state', 'imageReady'));
  });

  it('an archive elsewhere that is up but refuses this app cross-origin says the hospital must configure it, with no "try again"', async () => {
    const PACS = 'https://pacs.example.org/wado';
    // A fetch the archive's CORS refuses fails like the network; the no-cors probe is answered.
    server.use(http.get(PACS, ({ request }) => (request.mode === 'no-cors' ? new HttpResponse(null, { status: 200 }) : HttpResponse.error())));
    renderApp(link({ wadourl: PACS }), { config: { imageArchiveOrigins: ['https://pacs.example.org'] } });
    const message = await screen.findByTestId('viewer-image-error');
    expect(message).toHaveAttribute('data-problem', 'crossOrigin');
    expect(message).toHaveTextContent('The image server does not allow this app to fetch images (cross-origin). The hospital must configure it.');
    expect(within(message).queryByTestId('viewer-image-retry')).not.toBeInTheDocument();
  });

  it('an archive the configuration routes through the app\'s origin is fetched there, with the patient\'s credential for a session archive', async () => {
    renderApp(link({ wadourl: 'http://pacs.lan:8042/wado' }), {
      config: { imageArchives: [{ url: 'http://pacs.lan:8042/', route: '/sandbox/', credential: 'session' }] },
      // The session's credential as the API client gives it to a `session` archive.
      api: (api) => ({ ...api, credentialsFor: async (url, sessionArchive) => (sessionArchive ? { Authorization: 'Bearer patient-token' } : api.credentialsFor(url)) }),
    });
    await settled();
    expect(asked[0]!.url.pathname).toBe('/sandbox/wado');
    expect(asked[0]!.url.searchParams.get('objectUID')).toBe(sop(1, 1));
    expect(asked.every((request) => request.authorization === 'Bearer patient-token' && request.cookie === null)).toBe(true);
  });

  it('an archive that never answers is a timeout message after 30 s', async () => {
    const clock = new SimulatedClock();
    answers[sop(1, 1)] = () => new Promise<Response>(() => {});
    renderApp(link(), { clock });
    await waitFor(() => expect(asked).toHaveLength(1));
    // The screen as the request left: on a busy machine React may not have drawn it yet.
    await waitFor(() => expect(viewer()).toHaveAttribute('data-viewer-state', 'imageLoading'));
    act(() => clock.increment(29_999));
    expect(viewer()).toHaveAttribute('data-viewer-state', 'imageLoading');
    expect(screen.getByTestId('viewer-image-loading')).toHaveTextContent('Loading the image…');
    act(() => clock.increment(1));
    expect(screen.getByTestId('viewer-image-error')).toHaveTextContent('The image archive did not answer in time.');
    // The archive may answer the next time.
    expect(within(screen.getByTestId('viewer-image-error')).getByTestId('viewer-image-retry')).toBeInTheDocument();
  });

  it('moves through the stack by scrubber, swipe and wheel, and switches series from the strip', async () => {
    renderApp(link());
    await settled();
    fireEvent.change(screen.getByTestId('viewer-scrubber'), { target: { value: '2' } });
    expect(viewer()).toHaveAttribute('data-slice-index', '2');
    expect(screen.getByTestId('viewer-slice')).toHaveTextContent('Image 3/3');
    const stage = screen.getByTestId('viewer-canvas').parentElement!;
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 100, clientY: 200 });
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 100, clientY: 240 });
    expect(viewer()).toHaveAttribute('data-gesture', 'scrolling');
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 100, clientY: 240 });
    expect(viewer()).toHaveAttribute('data-slice-index', '0');
    expect(viewer()).toHaveAttribute('data-gesture', 'idle');
    fireEvent.wheel(stage, { deltaY: 100 });
    expect(viewer()).toHaveAttribute('data-slice-index', '2');
    const tiles = within(screen.getByTestId('viewer-series-strip')).getAllByTestId('viewer-series');
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual(['Series 1, CT, 3 images', 'Series 2, CT, 1 image']);
    fireEvent.click(tiles[1]!);
    expect(viewer()).toHaveAttribute('data-series-index', '1');
    expect(tiles[1]).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(viewer()).toHaveAttribute('data-viewer-state', 'imageReady'));
    expect(screen.getByTestId('viewer-scrubber')).toBeDisabled();
  });

  it('windows by preset and by drag with the window tool, and resets', async () => {
    renderApp(link());
    await settled();
    fireEvent.change(screen.getByTestId('viewer-presets'), { target: { value: 'lung' } });
    expect(viewer()).toHaveAttribute('data-window', '-600/1500');
    fireEvent.click(screen.getByTestId('viewer-tool-window'));
    expect(screen.getByTestId('viewer-tool-window')).toHaveAttribute('aria-pressed', 'true');
    const stage = screen.getByTestId('viewer-canvas').parentElement!;
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 0, clientY: 128 });
    expect(viewer()).toHaveAttribute('data-gesture', 'windowing');
    // Live while the finger moves, kept when it lifts.
    expect(screen.getByTestId('viewer-window')).toHaveTextContent('W 1500 L 150');
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 0, clientY: 128 });
    expect(viewer()).toHaveAttribute('data-window', '150/1500');
    expect(screen.getByTestId('viewer-presets')).toHaveValue('custom');
    fireEvent.click(screen.getByTestId('viewer-reset'));
    expect(viewer()).toHaveAttribute('data-window', '40/400');
  });

  it('pinches to zoom, and a double tap shows the whole image again', async () => {
    renderApp(link());
    await settled();
    const stage = screen.getByTestId('viewer-canvas').parentElement!;
    const overlay = screen.getByTestId('viewer-overlay');
    expect(overlay).toHaveTextContent('1.0x');
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerDown(stage, { pointerId: 2, clientX: 200, clientY: 100 });
    expect(viewer()).toHaveAttribute('data-gesture', 'pinching');
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 50, clientY: 100 });
    fireEvent.pointerMove(stage, { pointerId: 2, clientX: 250, clientY: 100 });
    expect(overlay).toHaveTextContent('2.0x');
    fireEvent.pointerUp(stage, { pointerId: 2, clientX: 250, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 50, clientY: 100 });
    expect(viewer()).toHaveAttribute('data-gesture', 'idle');
    expect(overlay).toHaveTextContent('2.0x');
    for (const timeStamp of [1000, 1100]) {
      fireEvent.pointerDown(stage, { pointerId: 3, clientX: 120, clientY: 120, timeStamp });
      fireEvent.pointerUp(stage, { pointerId: 3, clientX: 120, clientY: 120, timeStamp: timeStamp + 50 });
    }
    expect(overlay).toHaveTextContent('1.0x');
  });

  it('draws the AI findings of showAi=true, and the toggle hides them', async () => {
    renderApp(link());
    await settled();
    const toggle = screen.getByTestId('viewer-ai-toggle');
    expect(toggle).toHaveTextContent('AI findings');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('has no AI toggle when the link does not ask for the findings, and says so when they cannot be had', async () => {
    const plain = renderApp(link({ showAi: 'false' }));
    await settled();
    expect(screen.queryByTestId('viewer-ai-toggle')).not.toBeInTheDocument();
    plain.unmount();
    server.use(http.get(`${API_BASE}V2.0/YJPIndex/ReportAiInfo`, () => new HttpResponse(null, { status: 500 })));
    renderApp(link());
    await settled();
    expect(screen.getByTestId('viewer-ai-toggle')).toHaveTextContent('AI findings unavailable');
    expect(screen.getByTestId('viewer-ai-toggle')).toBeDisabled();
  });

  it('a study list the hospital stopped goes to the stopped page (spec section 8)', async () => {
    server.use(http.get(`${API_BASE}V1.0/Package/GetPatientStudyImageList`, () => HttpResponse.json(envelope(null, 7001, '医院已停用云胶片'))));
    const app = renderApp(link());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/errorStop'));
  });

  it('a study without images says so', async () => {
    server.use(http.get(`${API_BASE}V1.0/Package/GetPatientStudyImageList`, () => HttpResponse.json(envelope({ ...images, series: [] }))));
    renderApp(link());
    await waitFor(() => expect(viewer()).toHaveAttribute('data-problem', 'noImages'));
    expect(viewer()).toHaveTextContent('There are no images to view for this study yet.');
  });
});

describe('the AI findings control (issue 24 §2)', () => {
  // A nodule boxed on the first two slices of series 1, largest on the second, and a calcification marked in series 2.
  const nodule = (n: number, side: number) => ({ findingId: 'n1', seriesUid: `${STUDY}.1`, sopUid: sop(1, n), frame: 1, shape: 'box', x: 0, y: 0, width: side, height: side, label: '结节 6.0mm' });
  const cyst = { findingId: 'c1', seriesUid: `${STUDY}.2`, sopUid: sop(2, 1), frame: 1, shape: 'mark', x: 1, y: 1, label: '钙化' };
  const answerFindings = (marks: unknown[]) => server.use(http.get(`${API_BASE}V2.0/YJPIndex/ReportAiInfo`, () => HttpResponse.json(envelope({ orders: [], findings: marks }))));
  const control = () => screen.getByTestId('viewer-finding');
  const at = () => [viewer().getAttribute('data-series-index'), viewer().getAttribute('data-slice-index')];

  it('opens on the first finding\'s best slice, and next and previous go from one finding to the other', async () => {
    answerFindings([nodule(1, 4), cyst, nodule(2, 9)]);
    renderApp(link());
    await waitFor(() => expect(viewer()).toHaveAttribute('data-viewer-state', 'imageReady'));
    expect(at()).toEqual(['0', '1']);
    expect(screen.getByRole('group', { name: 'AI findings' })).toBe(control());
    expect(screen.getByTestId('viewer-finding-text')).toHaveTextContent('Finding 1 of 2 · Nodule 6.0mmSe 1 · Image 2/3');
    expect(control()).toHaveAttribute('data-on-screen', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Next finding' }));
    expect(at()).toEqual(['1', '0']);
    expect(screen.getByTestId('viewer-finding-text')).toHaveTextContent('Finding 2 of 2 · CalcificationSe 2 · Image 1/1');
    fireEvent.click(screen.getByRole('button', { name: 'Previous finding' }));
    expect(at()).toEqual(['0', '1']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous finding' }));
    expect(at()).toEqual(['1', '0']);
    expect(screen.queryByTestId('viewer-finding-go')).not.toBeInTheDocument();
  });

  it('speaks Chinese in Chinese, the AI\'s words as it wrote them', async () => {
    answerFindings([nodule(2, 9), cyst]);
    renderApp(link(), { locale: 'zh-CN' });
    await waitFor(() => expect(viewer()).toHaveAttribute('data-viewer-state', 'imageReady'));
    expect(screen.getByTestId('viewer-finding-text')).toHaveTextContent('AI发现 1/2 · 结节 6.0mm序列1 · 图像 2/3');
    fireEvent.click(screen.getByRole('button', { name: '下一处发现' }));
    expect(at()).toEqual(['1', '0']);
    fireEvent.click(screen.getByRole('button', { name: '上一处发现' }));
    expect(at()).toEqual(['0', '1']);
  });

  it('with one finding, says where it is and goes back to it', async () => {
    answerFindings([nodule(1, 4), nodule(2, 9)]);
    renderApp(link());
    await settled();
    expect(screen.getByTestId('viewer-finding-text')).toHaveTextContent('AI finding · Nodule 6.0mmSe 1 · Image 2/3');
    expect(screen.queryByRole('button', { name: 'Next finding' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByTestId('viewer-scrubber'), { target: { value: '0' } });
    expect(control()).toHaveAttribute('data-on-screen', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Go to the finding' }));
    expect(at()).toEqual(['0', '1']);
    expect(control()).toHaveAttribute('data-on-screen', 'true');
  });

  it('is not there without findings, or when the link does not ask for them', async () => {
    answerFindings([]);
    const none = renderApp(link());
    await settled();
    expect(screen.queryByTestId('viewer-finding')).not.toBeInTheDocument();
    none.unmount();
    answerFindings([nodule(2, 9)]);
    renderApp(link({ showAi: 'false' }));
    await settled();
    expect(screen.queryByTestId('viewer-finding')).not.toBeInTheDocument();
  });

  it('offers no comparison when the study has no prior', async () => {
    renderApp(link());
    await waitFor(() => expect(viewer()).toHaveAttribute('data-compare-state', 'alone'));
    expect(screen.queryByTestId('compare-toggle')).toBeNull();
  });

  it('with a prior: "Compare with prior" opens it beside this one, each with its window and its report a tap away', async () => {
    const PRIOR = '1.2.840.98';
    const positioned = { ...images, series: images.series.map((one) => ({ ...one, instances: one.instances.map((instance, index) => ({ ...instance, position: -index * 3 })) })) };
    server.use(
      http.get(`${API_BASE}V1.0/Compare/prior`, () =>
        HttpResponse.json(envelope({ currentFilmId: 7, prior: { collectFilmId: 3, studyUId: PRIOR, hospId: 'DEMO001', wadoUrl: WADO, studyDate: '2026-02-09', studyDescription: 'CT chest', modality: 'CT', bodyPart: 'CHEST' } })),
      ),
      http.get(`${API_BASE}V1.0/Package/GetPatientStudyImageList`, () => HttpResponse.json(envelope(positioned))),
    );
    renderApp(link());
    await settled();
    const open = await screen.findByRole('button', { name: 'Compare with prior' });
    open.click();
    await screen.findByTestId('compare-prior');
    await waitFor(() => expect(screen.getByTestId('compare-prior')).toHaveAttribute('data-viewer-state', 'imageReady'), { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Report of the prior study, 2026-02-09' })).toHaveAttribute('href', '/index?id=3#report');
    expect(screen.getByRole('link', { name: /Report of this study/ })).toHaveAttribute('href', '/index?id=7#report');
    expect(screen.getByRole('button', { name: 'Scroll together' })).toHaveAttribute('aria-pressed', 'true');
    screen.getByRole('button', { name: 'Close comparison' }).click();
    await waitFor(() => expect(screen.queryByTestId('compare-prior')).toBeNull());
    expect(screen.getByRole('button', { name: 'Compare with prior' })).toBeInTheDocument();
  });
});
