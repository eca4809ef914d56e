// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { sharedRequests } from '../../src/features/viewer/sharedRequests';

/** A request that answers when the test says, and remembers the signal it was started with. */
function pending() {
  let answer!: (value: string) => void;
  const started: AbortSignal[] = [];
  const start = vi.fn((signal: AbortSignal) => {
    started.push(signal);
    return new Promise<string>((resolve, reject) => {
      answer = resolve;
      signal.addEventListener('abort', () => reject(signal.reason as Error));
    });
  });
  return { start, started, answer: (value: string) => answer(value) };
}

describe('sharedRequests: one request for everyone who wants its answer', () => {
  it('asks once for two wants of one key, and both get the answer', async () => {
    const want = sharedRequests<string>(2);
    const request = pending();
    const [a, b] = [want('x', request.start, new AbortController().signal), want('x', request.start, new AbortController().signal)];
    request.answer('bytes');
    await expect(Promise.all([a, b])).resolves.toEqual(['bytes', 'bytes']);
    expect(request.start).toHaveBeenCalledTimes(1);
  });

  it('goes on while one of them still wants it', async () => {
    const want = sharedRequests<string>(2);
    const request = pending();
    const leaving = new AbortController();
    const left = want('x', request.start, leaving.signal);
    const staying = want('x', request.start, new AbortController().signal);
    leaving.abort();
    expect(request.started[0]!.aborted).toBe(false);
    request.answer('bytes');
    await expect(staying).resolves.toBe('bytes');
    await left.catch(() => undefined);
  });

  it('aborts it once every one has given up before it answered, and a later want asks anew', async () => {
    const want = sharedRequests<string>(2);
    const first = pending();
    const [one, two] = [new AbortController(), new AbortController()];
    const wants = [want('x', first.start, one.signal), want('x', first.start, two.signal)].map((answer) => answer.catch((error: unknown) => error));
    one.abort();
    expect(first.started[0]!.aborted).toBe(false);
    two.abort();
    expect(first.started[0]!.aborted).toBe(true);
    await Promise.all(wants);
    const again = pending();
    const later = want('x', again.start, new AbortController().signal);
    again.answer('fresh');
    await expect(later).resolves.toBe('fresh');
    expect(again.start).toHaveBeenCalledTimes(1);
  });

  it('keeps an answer for the wants still to come, even when the ones before gave up after it', async () => {
    const want = sharedRequests<string>(2);
    const request = pending();
    const gone = new AbortController();
    const first = want('x', request.start, gone.signal);
    request.answer('bytes');
    await first;
    gone.abort();
    const start = vi.fn();
    await expect(want('x', start, new AbortController().signal)).resolves.toBe('bytes');
    expect(start).not.toHaveBeenCalled();
  });

  it('keeps the last `keep` answers only, and asks again for an older one', async () => {
    const want = sharedRequests<string>(2);
    for (const key of ['a', 'b', 'c']) await want(key, async () => key, new AbortController().signal);
    const start = vi.fn(async () => 'a again');
    await expect(want('a', start, new AbortController().signal)).resolves.toBe('a again');
    await expect(want('c', vi.fn(), new AbortController().signal)).resolves.toBe('c');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed request, so the next want asks again', async () => {
    const want = sharedRequests<string>(2);
    await expect(want('x', async () => Promise.reject(new Error('offline')), new AbortController().signal)).rejects.toThrow('offline');
    await expect(want('x', async () => 'back', new AbortController().signal)).resolves.toBe('back');
  });

  it('refuses a want already given up, asking nothing', async () => {
    const want = sharedRequests<string>(2);
    const start = vi.fn();
    const gone = new AbortController();
    gone.abort();
    await expect(want('x', start, gone.signal)).rejects.toThrow();
    expect(start).not.toHaveBeenCalled();
  });
});
