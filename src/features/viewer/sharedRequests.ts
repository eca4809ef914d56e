/**
 * One request for everyone who wants its answer (the frames of one multi-frame instance want one
 * download, one metadata read). It is aborted once every one of them has given up before it
 * answered (the viewer closed, the patient scrolled on), so nothing is fetched for no one, and a
 * later want asks anew. The last `keep` answers are kept for the frames still to come.
 */
export function sharedRequests<T>(keep: number) {
  interface Entry {
    answer: Promise<T>;
    controller: AbortController;
    wanting: number;
    answered: boolean;
  }
  const entries = new Map<string, Entry>();
  const forget = (key: string, entry: Entry) => {
    if (entries.get(key) === entry) entries.delete(key);
  };

  function entryFor(key: string, start: (signal: AbortSignal) => Promise<T>): Entry {
    const kept = entries.get(key);
    if (kept) return kept;
    const controller = new AbortController();
    const entry: Entry = { answer: start(controller.signal), controller, wanting: 0, answered: false };
    entry.answer.then(
      () => (entry.answered = true),
      () => forget(key, entry),
    );
    entries.set(key, entry);
    if (entries.size > keep) entries.delete(entries.keys().next().value!);
    return entry;
  }

  /** The answer for `key`, started with `start` unless someone asked for it already; `signal`: this one wants it no more. */
  return async function want(key: string, start: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    signal.throwIfAborted();
    const entry = entryFor(key, start);
    entry.wanting += 1;
    const giveUp = () => {
      entry.wanting -= 1;
      if (entry.wanting > 0 || entry.answered) return;
      entry.controller.abort(signal.reason);
      forget(key, entry);
    };
    signal.addEventListener('abort', giveUp, { once: true });
    try {
      return await entry.answer;
    } finally {
      signal.removeEventListener('abort', giveUp);
      if (!signal.aborted) entry.wanting -= 1;
    }
  };
}
