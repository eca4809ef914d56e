// @vitest-environment node
/** The viewer's `loadImage`: one WADO-URI fetch, decoded, kept, answered; stopped, it answers nothing. */
import { createActor, setup, type AnyEventObject } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { ImageRequest } from '../../machines/viewer/viewer.types';
import type { DecodedFrame } from '../../src/features/viewer/dicom/decoded';
import { createImageLoader, type FrameDecoder } from '../../src/features/viewer/imageLoader';
import { createImageStore } from '../../src/features/viewer/imageStore';
import type { ArchiveFetchOptions } from '../../src/features/viewer/archiveFetch';

const APP = 'https://film.example.org';

const frame = (rows = 2, columns = 2): DecodedFrame =>
  ({ info: { windows: [], frameTimeMs: null }, frame: { kind: 'grey', rows, columns, values: new Float32Array(4), min: 0, max: 1, invert: false } }) as unknown as DecodedFrame;

const request = (more: Partial<ImageRequest> = {}): ImageRequest => ({ key: '1.2:1', protocol: 'wadoUri', url: 'https://pacs.example.org/wado?objectUID=1.2', sopUid: '1.2', frame: 1, frames: 1, ...more });

/** Runs the loader as the viewer chart would (its child), collecting what it answers. */
function run(options: Omit<ArchiveFetchOptions, 'fetch'> & { fetch: typeof fetch; decoder?: Partial<FrameDecoder> }, input: ImageRequest) {
  const store = createImageStore();
  const decoder: FrameDecoder = { decode: async () => frame(), dispose: () => {}, ...options.decoder };
  const answers: AnyEventObject[] = [];
  const parent = setup({ actors: { load: createImageLoader({ ...options, appOrigin: APP, decoder, store }) } }).createMachine({
    initial: 'loading',
    states: { loading: { invoke: { src: 'load', input }, on: { STOP: 'stopped' } }, stopped: {} },
    on: { '*': { actions: ({ event }) => void answers.push(event) } },
  });
  const actor = createActor(parent).start();
  const settled = () => vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
  return { actor, answers, store, settled };
}

const dicom = () => new Response(new Uint8Array([1, 2, 3]).buffer, { status: 200 });

describe('loading one image', () => {
  it('fetches without credentials, decodes the frame asked for, keeps it and says how much it takes', async () => {
    const fetch = vi.fn(async () => dicom());
    const decode = vi.fn(async () => frame());
    const { answers, store, settled } = run({ fetch, decoder: { decode } }, request({ frame: 1 }));
    await settled();
    expect(fetch).toHaveBeenCalledWith('https://pacs.example.org/wado?objectUID=1.2', expect.objectContaining({ credentials: 'omit', headers: { accept: 'application/dicom' } }));
    expect(decode).toHaveBeenCalledWith(expect.any(ArrayBuffer), 0, expect.any(AbortSignal));
    expect(answers).toEqual([{ type: 'IMAGE_LOADED', key: '1.2:1', bytes: 16, frameTimeMs: null }]);
    expect(store.get('1.2:1')).toBeDefined();
  });

  it('passes on the file\'s frame time, for cine (issue 25 §4)', async () => {
    const clipFrame = () => ({ ...frame(), info: { windows: [], frameTimeMs: 66 } }) as unknown as DecodedFrame;
    const { answers, settled } = run({ fetch: vi.fn(async () => dicom()), decoder: { decode: async () => clipFrame() } }, request());
    await settled();
    expect(answers).toEqual([{ type: 'IMAGE_LOADED', key: '1.2:1', bytes: 16, frameTimeMs: 66 }]);
  });

  it('sends the credentials the app gives for that URL in headers, never cookies (the sandbox archive asks them: issue 22)', async () => {
    const fetch = vi.fn(async () => dicom());
    const credentialsFor = vi.fn(async () => ({ Authorization: 'Bearer t1', 'X-Study-Pass': 'p1' }));
    const { settled } = run({ fetch, credentialsFor }, request());
    await settled();
    expect(credentialsFor).toHaveBeenCalledWith('https://pacs.example.org/wado?objectUID=1.2', false);
    expect(fetch).toHaveBeenCalledWith(
      'https://pacs.example.org/wado?objectUID=1.2',
      expect.objectContaining({ credentials: 'omit', headers: { accept: 'application/dicom', Authorization: 'Bearer t1', 'X-Study-Pass': 'p1' } }),
    );
  });

  it.each([
    ['404', async () => new Response(null, { status: 404 }), 'notFound'],
    ['500', async () => new Response('boom', { status: 500 }), 'archiveError'],
    ['401', async () => new Response(null, { status: 401 }), 'denied'],
    ['403', async () => new Response(null, { status: 403 }), 'denied'],
  ])('an archive answering %s is that problem', async (_name, answer, problem) => {
    const { answers, settled } = run({ fetch: vi.fn(answer) as unknown as typeof fetch }, request());
    await settled();
    expect(answers).toEqual([{ type: 'IMAGE_FAILED', key: '1.2:1', problem }]);
  });

  it('names what the decoder found wrong, also when its error crossed from a worker as a plain object', async () => {
    const crossed = Object.assign(new Error('cut'), { name: 'DecodeError', problem: 'unsupportedSyntax' });
    const { answers, settled } = run({ fetch: async () => dicom(), decoder: { decode: () => Promise.reject(crossed) } }, request());
    await settled();
    expect(answers).toEqual([{ type: 'IMAGE_FAILED', key: '1.2:1', problem: 'unsupportedSyntax' }]);
    const odd = run({ fetch: async () => dicom(), decoder: { decode: () => Promise.reject(new Error('?')) } }, request());
    await odd.settled();
    expect(odd.answers).toEqual([{ type: 'IMAGE_FAILED', key: '1.2:1', problem: 'corrupt' }]);
  });

  it('refuses a frame with absurd dimensions', async () => {
    const { answers, store, settled } = run({ fetch: async () => dicom(), decoder: { decode: async () => frame(100_000, 100_000) } }, request());
    await settled();
    expect(answers).toEqual([{ type: 'IMAGE_FAILED', key: '1.2:1', problem: 'badDimensions' }]);
    expect(store.get('1.2:1')).toBeUndefined();
  });

  it('stopped, it aborts the fetch and answers nothing', async () => {
    let signal: AbortSignal | undefined;
    const fetch = vi.fn((_url: string, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>((_, reject) => signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    });
    const { actor, answers } = run({ fetch: fetch as unknown as typeof globalThis.fetch }, request());
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    actor.send({ type: 'STOP' });
    expect(signal?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answers.filter((event) => event.type.startsWith('IMAGE_'))).toEqual([]);
  });

  it('fetches a multi-frame object once for its frames', async () => {
    const fetch = vi.fn(async () => dicom());
    const decoder = { decode: vi.fn(async () => frame()) };
    const store = createImageStore();
    const logic = createImageLoader({ fetch, decoder: { ...decoder, dispose: () => {} }, store });
    const answers: AnyEventObject[] = [];
    const parent = setup({ actors: { load: logic } }).createMachine({
      invoke: [
        { src: 'load', input: request({ key: '1.2:1', frame: 1, frames: 2 }) },
        { src: 'load', input: request({ key: '1.2:2', frame: 2, frames: 2 }) },
      ],
      on: { '*': { actions: ({ event }) => void answers.push(event) } },
    });
    createActor(parent).start();
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(decoder.decode.mock.calls.map((call) => (call as unknown[])[1])).toEqual([0, 1]);
  });
  it('closing the viewer aborts a multi-frame download its frames were waiting for: nothing is fetched for no one', async () => {
    const signals: AbortSignal[] = [];
    const fetch = vi.fn((_url: string, init?: RequestInit) => {
      signals.push(init!.signal!);
      return new Promise<Response>(() => {});
    });
    const logic = createImageLoader({ fetch: fetch as unknown as typeof globalThis.fetch, decoder: { decode: async () => frame(), dispose: () => {} }, store: createImageStore() });
    const parent = setup({ actors: { load: logic } }).createMachine({
      initial: 'open',
      states: {
        open: {
          invoke: [
            { src: 'load', input: request({ key: '1.2:1', frame: 1, frames: 2 }) },
            { src: 'load', input: request({ key: '1.2:2', frame: 2, frames: 2 }) },
          ],
          on: { CLOSE: 'closed' },
        },
        closed: {},
      },
    });
    const viewer = createActor(parent).start();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(signals[0]!.aborted).toBe(false);
    viewer.send({ type: 'CLOSE' });
    expect(signals[0]!.aborted).toBe(true);
  });
});

describe('telling a refusal from the network (issue 25 §3)', () => {
  const thrown = () => Promise.reject(new TypeError('Failed to fetch'));

  it('an archive elsewhere that answers a no-cors request is up and refuses this app: crossOrigin', async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) => (init?.mode === 'no-cors' ? Promise.resolve(new Response(null, { status: 200 })) : thrown()));
    const { answers, settled } = run({ fetch: fetch as unknown as typeof globalThis.fetch }, request());
    await settled();
    expect(answers).toEqual([{ type: 'IMAGE_FAILED', key: '1.2:1', problem: 'crossOrigin' }]);
    expect(fetch).toHaveBeenLastCalledWith('https://pacs.example.org/wado?objectUID=1.2', expect.objectContaining({ mode: 'no-cors', credentials: 'omit' }));
  });

  it('one that does not answer at all is the network; so is any failure when the phone is offline, or on the app\'s own origin, without a probe', async () => {
    const unreachable = run({ fetch: vi.fn(thrown) as unknown as typeof fetch }, request());
    await unreachable.settled();
    expect(unreachable.answers).toEqual([{ type: 'IMAGE_FAILED', key: '1.2:1', problem: 'network' }]);
    for (const [online, url] of [[false, 'https://pacs.example.org/wado?objectUID=1.2'], [true, `${APP}/sandbox/wado?objectUID=1.2`]] as const) {
      const fetch = vi.fn((_url: string, init?: RequestInit) => (init?.mode === 'no-cors' ? Promise.resolve(new Response(null)) : thrown()));
      const { answers, settled } = run({ fetch: fetch as unknown as typeof globalThis.fetch, online: () => online }, request({ url }));
      await settled();
      expect(answers).toEqual([{ type: 'IMAGE_FAILED', key: '1.2:1', problem: 'network' }]);
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });
});

describe('what each archive is sent (issue 25 §2)', () => {
  const archives = [
    { url: 'http://pacs.lan:8042/', route: '/archives/pacs/', credential: 'session' },
    { url: 'https://cloud.example.org/dicom-web', credential: 'cookie' },
    { url: 'https://signed.example.org/', credential: 'signed' },
  ] as const;
  const token = { Authorization: 'Bearer t1' };

  it.each([
    ['a session archive, through its route: the patient\'s credential in headers', 'http://pacs.lan:8042/wado?objectUID=1', `${APP}/archives/pacs/wado?objectUID=1`, 'omit', token, true],
    ['a cookie archive: the browser\'s cookies, no token', 'https://cloud.example.org/dicom-web/x', 'https://cloud.example.org/dicom-web/x', 'include', {}, null],
    ['a signed archive: nothing but the URL the API signed', 'https://signed.example.org/wado?sig=s', 'https://signed.example.org/wado?sig=s', 'omit', {}, null],
    ['an archive only imageArchiveOrigins names: what the API client says for its origin', 'https://pacs.example.org/wado?objectUID=1', 'https://pacs.example.org/wado?objectUID=1', 'omit', token, false],
  ] as const)('%s', async (_name, address, fetched, credentials, headers, askedAsSession) => {
    const fetch = vi.fn(async () => dicom());
    const credentialsFor = vi.fn(async () => token);
    const { settled } = run({ fetch, credentialsFor, archives: [...archives] }, request({ url: address }));
    await settled();
    expect(fetch).toHaveBeenCalledWith(fetched, expect.objectContaining({ credentials, headers: { accept: 'application/dicom', ...headers } }));
    if (askedAsSession === null) expect(credentialsFor).not.toHaveBeenCalled();
    else expect(credentialsFor).toHaveBeenCalledWith(fetched, askedAsSession);
  });
});

describe('an image by WADO-RS (issue 25 §1)', () => {
  const INSTANCE = 'https://pacs.example.org/dicom-web/studies/1/series/2/instances/3';
  const part = (syntax: string) =>
    new Response(`--B\r\nContent-Type: application/dicom; transfer-syntax=${syntax}\r\n\r\nFILE ${syntax}\r\n--B--`, { headers: { 'content-type': 'multipart/related; type="application/dicom"; boundary=B' } });
  const accepts = (fetch: { mock: { calls: unknown[][] } }) => fetch.mock.calls.map((call) => ((call[1] as RequestInit).headers as Record<string, string>).accept);
  const bodyText = (bytes: ArrayBuffer) => new TextDecoder().decode(bytes);
  const acceptOf = (init?: RequestInit) => (init?.headers as Record<string, string> | undefined)?.accept ?? '';

  it('asks the stored syntax, and explicit VR little endian when the archive answers 406', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => (acceptOf(init).endsWith('=*') ? new Response(null, { status: 406 }) : part('1.2.840.10008.1.2.1')));
    const decode = vi.fn(async () => frame());
    const { answers, settled } = run({ fetch: fetch as unknown as typeof globalThis.fetch, decoder: { decode } }, request({ protocol: 'wadoRs', url: INSTANCE }));
    await settled();
    expect(answers).toEqual([{ type: 'IMAGE_LOADED', key: '1.2:1', bytes: 16, frameTimeMs: null }]);
    expect(accepts(fetch)).toEqual(['multipart/related; type="application/dicom"; transfer-syntax=*', 'multipart/related; type="application/dicom"; transfer-syntax=1.2.840.10008.1.2.1']);
    expect(bodyText((decode.mock.calls[0] as unknown[])[0] as ArrayBuffer)).toBe('FILE 1.2.840.10008.1.2.1');
  });

  it('asks again in explicit VR little endian when the stored syntax is one the decoder does not read; a file unreadable either way says so', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => part(acceptOf(init).endsWith('=*') ? '1.2.840.10008.1.2.4.100' : '1.2.840.10008.1.2.1'));
    const unsupported = Object.assign(new Error('mpeg'), { name: 'DecodeError', problem: 'unsupportedSyntax' });
    const decode = vi.fn(async (bytes: ArrayBuffer) => (bodyText(bytes).endsWith('4.100') ? Promise.reject(unsupported) : frame()));
    const { answers, settled } = run({ fetch: fetch as unknown as typeof globalThis.fetch, decoder: { decode } }, request({ protocol: 'wadoRs', url: INSTANCE }));
    await settled();
    expect(answers).toEqual([{ type: 'IMAGE_LOADED', key: '1.2:1', bytes: 16, frameTimeMs: null }]);
    expect(fetch).toHaveBeenCalledTimes(2);
    const never = run({ fetch: vi.fn(async () => new Response(null, { status: 406 })) as unknown as typeof globalThis.fetch }, request({ protocol: 'wadoRs', url: INSTANCE }));
    await never.settled();
    expect(never.answers).toEqual([{ type: 'IMAGE_FAILED', key: '1.2:1', problem: 'unsupportedSyntax' }]);
  });
});
