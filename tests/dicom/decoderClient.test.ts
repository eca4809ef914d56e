// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DecodeError } from '../../src/features/viewer/dicom/decoded';
import { createDecoder } from '../../src/features/viewer/dicom/decoderClient';
import { decodeFrame } from '../../src/features/viewer/dicom/decodeFrame';
import { colourPicture, colourSource, COLUMNS, dicomFile, greySource, ramp, ROWS } from './images';

/**
 * A Worker that runs the real decodeWorker.ts in this thread: the module is loaded afresh with
 * `self` standing for the worker's global scope, and messages are structured-cloned (transfers
 * included) as between threads. A gate holds requests back, so a test can act while one waits.
 */
class FakeWorker {
  static instances: FakeWorker[] = [];
  static gate: Promise<void> = Promise.resolve();
  static loading: Promise<unknown> = Promise.resolve();

  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessageerror: ((event: Event) => void) | null = null;
  readonly received: Array<{ id: number; frameIndex: number }> = [];
  /** The byte length of each buffer a worker's answer transferred. */
  readonly transferred: number[][] = [];
  terminated = false;
  private readonly scope = {
    onmessage: null as ((event: { data: unknown }) => void) | null,
    postMessage: (message: unknown, transfer: Transferable[]) => {
      this.transferred.push(transfer.map((buffer) => (buffer as ArrayBuffer).byteLength));
      const copy = structuredClone(message, { transfer });
      queueMicrotask(() => {
        if (!this.terminated) this.onmessage?.(new MessageEvent('message', { data: copy }));
      });
    },
  };
  private readonly ready: Promise<unknown>;

  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.instances.push(this);
    // One at a time: the module binds the `self` it finds when it runs.
    this.ready = FakeWorker.loading = FakeWorker.loading.then(async () => {
      vi.stubGlobal('self', this.scope);
      vi.resetModules();
      await import('../../src/features/viewer/dicom/decodeWorker');
    });
  }

  postMessage(data: { id: number; frameIndex: number }): void {
    const copy = structuredClone(data);
    this.received.push(copy);
    void this.ready.then(() => FakeWorker.gate).then(() => {
      if (!this.terminated) this.scope.onmessage?.({ data: copy });
    });
  }

  terminate(): void {
    this.terminated = true;
  }

  crash(): void {
    this.onerror?.(new Event('error'));
  }
}

/** Holds every worker's requests until the returned function is called. */
function holdRequests(): () => void {
  let release = () => {};
  FakeWorker.gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return release;
}

function setUp(): void {
  FakeWorker.instances = [];
  FakeWorker.gate = Promise.resolve();
  vi.stubGlobal('Worker', FakeWorker);
}

afterEach(async () => {
  FakeWorker.gate = Promise.resolve();
  // A worker module still loading would find `self` gone once the test's globals are restored.
  await FakeWorker.loading;
});

const greyFile = () => dicomFile(greySource({ bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 0 }, [ramp(0, 4095, 0), ramp(0, 4095, 1)]), 'rle');

describe('createDecoder', () => {
  it('decodes in a module worker what decodeFrame decodes, and leaves the caller its bytes', async () => {
    setUp();
    const bytes = await greyFile();
    const decoder = createDecoder({ workers: 1 });
    const decoded = await decoder.decode(bytes, 1);
    expect(decoded).toEqual(await decodeFrame(bytes, 1));
    expect(bytes.byteLength).toBeGreaterThan(0);
    const [worker] = FakeWorker.instances;
    expect(worker?.url.pathname).toMatch(/\/decodeWorker\.ts$/);
    expect(worker?.options.type).toBe('module');
    decoder.dispose();
  });

  it('transfers the decoded pixels back instead of copying them', async () => {
    setUp();
    const decoder = createDecoder({ workers: 1 });
    const decoded = await decoder.decode(await dicomFile(colourSource('RGB', [colourPicture()]), 'explicitLittle'), 0);
    expect(decoded.frame.kind).toBe('colour');
    expect(FakeWorker.instances[0]!.transferred).toEqual([[ROWS * COLUMNS * 4]]);
    decoder.dispose();
  });

  it('gives a DecodeError back as a DecodeError, with its problem and message', async () => {
    setUp();
    const decoder = createDecoder({ workers: 1 });
    const error: unknown = await decoder.decode(await greyFile(), 5).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(DecodeError);
    expect(error).toMatchObject({ problem: 'missingFrame', name: 'DecodeError', message: expect.stringContaining('Frame 5') });
    const notDicom: unknown = await decoder.decode(new ArrayBuffer(10), 0).catch((reason: unknown) => reason);
    expect(notDicom).toMatchObject({ problem: 'notDicom' });
    decoder.dispose();
  });

  it('shares the work among at most the workers asked for', async () => {
    setUp();
    const bytes = await greyFile();
    const decoder = createDecoder({ workers: 2 });
    const frames = await Promise.all([decoder.decode(bytes, 0), decoder.decode(bytes, 1), decoder.decode(bytes, 0)]);
    expect(frames.map(({ frame }) => frame.kind === 'grey' && frame.values[0])).toEqual([0, 0, 0]);
    expect(FakeWorker.instances).toHaveLength(2);
    expect(FakeWorker.instances.map((worker) => worker.received.length).sort()).toEqual([1, 2]);
    decoder.dispose();
  });

  it.each([
    [8, 2],
    [2, 1],
    [undefined, 1],
  ])('with %s cores it starts at most %s workers by default', async (cores, workers) => {
    setUp();
    vi.stubGlobal('navigator', cores === undefined ? undefined : { hardwareConcurrency: cores });
    const bytes = await greyFile();
    const decoder = createDecoder();
    await Promise.all([decoder.decode(bytes, 0), decoder.decode(bytes, 1), decoder.decode(bytes, 1)]);
    expect(FakeWorker.instances).toHaveLength(workers);
    decoder.dispose();
  });

  it('rejects a queued frame on abort, and never sends it', async () => {
    setUp();
    const bytes = await greyFile();
    const decoder = createDecoder({ workers: 1 });
    const release = holdRequests();
    const first = decoder.decode(bytes, 0);
    const controller = new AbortController();
    const second = decoder.decode(bytes, 1, controller.signal);
    controller.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    release();
    await expect(first).resolves.toMatchObject({ frame: { kind: 'grey' } });
    expect(FakeWorker.instances[0]!.received.map((request) => request.frameIndex)).toEqual([0]);
    decoder.dispose();
  });

  it('rejects a frame in a worker on abort at once, drops its answer, and goes on', async () => {
    setUp();
    const bytes = await greyFile();
    const decoder = createDecoder({ workers: 1 });
    const release = holdRequests();
    const controller = new AbortController();
    const first = decoder.decode(bytes, 0, controller.signal);
    const second = decoder.decode(bytes, 1);
    controller.abort(new Error('the patient swiped on'));
    await expect(first).rejects.toThrow('the patient swiped on');
    release();
    const decoded = await second;
    expect(decoded.frame.kind === 'grey' && Array.from(decoded.frame.values)).toEqual(ramp(0, 4095, 1));
    decoder.dispose();
  });

  it('rejects at once for a signal already aborted, starting no worker', async () => {
    setUp();
    const decoder = createDecoder({ workers: 1 });
    await expect(decoder.decode(await greyFile(), 0, AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeWorker.instances).toHaveLength(0);
  });

  it('on dispose ends its workers and rejects what is pending', async () => {
    setUp();
    const bytes = await greyFile();
    const decoder = createDecoder({ workers: 1 });
    holdRequests();
    const pending = [decoder.decode(bytes, 0), decoder.decode(bytes, 1)];
    decoder.dispose();
    for (const promise of pending) await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeWorker.instances[0]!.terminated).toBe(true);
    await expect(decoder.decode(bytes, 0)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('replaces a worker that crashed; the frame it held fails, the next one decodes', async () => {
    setUp();
    const bytes = await greyFile();
    const decoder = createDecoder({ workers: 1 });
    const release = holdRequests();
    const lost = decoder.decode(bytes, 0);
    FakeWorker.instances[0]!.crash();
    await expect(lost).rejects.toThrow('The DICOM decoder stopped');
    expect(FakeWorker.instances[0]!.terminated).toBe(true);
    release();
    await expect(decoder.decode(bytes, 1)).resolves.toMatchObject({ frame: { kind: 'grey' } });
    expect(FakeWorker.instances).toHaveLength(2);
    decoder.dispose();
  });
});
