/**
 * The clock of the collect calls and the study passes they read (image codes, SMS codes, resend
 * waits, locks, pass expiry). The sandbox runs on the real time; a test moves it with
 * `setCollectClock(() => later)` and puts it back with `setCollectClock()`. One clock per process,
 * which is all a test file needs.
 */
const realTime = (): Date => new Date();
let current: () => Date = realTime;

export function collectNow(): Date {
  return current();
}

export function setCollectClock(now?: () => Date): void {
  current = now ?? realTime;
}
