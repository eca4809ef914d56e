// @vitest-environment node
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { isMainThread } from 'node:worker_threads';
import { DEFAULT_TIME_ZONE, formatDate, hospitalDay, isTimeZone, showTimesIn, shownTimeZone } from '../../src/shared/rules/dates';

/**
 * One clock (decisions.md): every time shown is on the hospital's clock, whatever the phone's zone.
 * The phone's zone is the process's: Node reads TZ again whenever it is set, so each case below
 * runs the formatting on a phone in that zone (and checks that the phone's clock did move).
 */
const PHONE_ZONES = ['UTC', 'America/New_York', 'Asia/Shanghai', 'Pacific/Kiritimati'] as const;
const startZone = process.env.TZ;

function onPhoneIn<T>(zone: string, run: () => T): T {
  process.env.TZ = zone;
  return run();
}

afterEach(() => showTimesIn(DEFAULT_TIME_ZONE));
afterAll(() => {
  if (startZone === undefined) delete process.env.TZ;
  else process.env.TZ = startZone;
});

/** What the app shows of each input, on the hospital's clock (Asia/Shanghai, UTC+8, no summer time). */
const SHOWN: ReadonlyArray<readonly [string | number | Date, string]> = [
  ['2026-11-18T11:00:00+08:00', '2026-11-18 11:00'], // a report signed in the hospital
  ['2026-11-18T03:00:00Z', '2026-11-18 11:00'], // the same instant in UTC
  ['2026-11-17T22:00:00-05:00', '2026-11-18 11:00'], // and in New York
  ['2026-11-18 09:30', '2026-11-18 09:30'], // the exam, the hospital's wall time as written
  ['2026-11-18', '2026-11-18 00:00'],
  [Date.UTC(2026, 10, 17, 16, 30), '2026-11-18 00:30'], // a timestamp just after the hospital's midnight
  [new Date(Date.UTC(2026, 10, 17, 15, 59)), '2026-11-17 23:59'], // and just before it
  [Date.UTC(1994, 11, 30, 16), '1994-12-31 00:00'], // the hospital's midnight of a day Kiritimati skipped (it came out 1995-01-01 there)
];

describe('every time shown is on the hospital\'s clock, whatever the phone\'s zone', () => {
  it.each(PHONE_ZONES)('a phone in %s shows the same times', (zone) => {
    onPhoneIn(zone, () => {
      // The phone's zone really is this one. Node switches zones on a TZ change in a main thread
      // only; mutation testing (Stryker) runs the tests in worker threads, where the zone stays
      // the process's, so there only the times below are checked.
      const offset = new Date(Date.UTC(2026, 10, 18)).getTimezoneOffset();
      if (isMainThread) expect(offset).toBe({ UTC: 0, 'America/New_York': 300, 'Asia/Shanghai': -480, 'Pacific/Kiritimati': -840 }[zone]);
      for (const [input, shown] of SHOWN) expect(formatDate(input, 'YYYY-MM-DD HH:mm')).toBe(shown);
    });
  });

  it('any instant is shown the same in every phone zone', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1992, 0, 1), max: 4_000_000_000_000 }), fc.constantFrom('YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss'), (ms, format) => {
        const shown = PHONE_ZONES.map((zone) => onPhoneIn(zone, () => [formatDate(ms, format), formatDate(new Date(ms).toISOString(), format)]));
        for (const each of shown) expect(each).toEqual(shown[0]);
        // ... and it is the hospital's clock: UTC+8 all year in Asia/Shanghai since 1992 (China kept summer time 1986-1991).
        const hospital = new Date(ms + 8 * 3_600_000).toISOString();
        expect(shown[0]![0]).toBe(format === 'YYYY-MM-DD' ? hospital.slice(0, 10) : `${hospital.slice(0, 10)} ${hospital.slice(11, 19)}`);
      }),
      { numRuns: 200 },
    );
  });

  it.each(['2029-11-04 02:00:00', '2029-11-04 01:30:00', '2029-03-11 02:30:00'])(
    "a wall time at the phone's summer-time change (%s, New York) is shown as written, not moved by the phone's jump",
    (written) => {
      for (const zone of PHONE_ZONES) expect(onPhoneIn(zone, () => formatDate(written, 'YYYY-MM-DD HH:mm:ss'))).toBe(written);
    },
  );

  it("a time without an offset is the hospital's wall time, shown as written in every phone zone", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }), (date) => {
        const written = date.toISOString().slice(0, 19).replace('T', ' ');
        for (const zone of PHONE_ZONES) expect(onPhoneIn(zone, () => formatDate(written, 'YYYY-MM-DD HH:mm:ss'))).toBe(written);
      }),
      { numRuns: 100 },
    );
  });
});

describe("the hospital's zone comes from the runtime configuration", () => {
  it('is Asia/Shanghai until the configuration says otherwise', () => {
    expect(shownTimeZone()).toBe('Asia/Shanghai');
  });

  it('shows every time in the configured zone, on any phone', () => {
    showTimesIn('Asia/Urumqi');
    for (const zone of PHONE_ZONES) {
      onPhoneIn(zone, () => {
        expect(formatDate('2026-11-18T11:00:00+08:00', 'YYYY-MM-DD HH:mm')).toBe('2026-11-18 09:00');
        expect(formatDate('2026-11-18 09:30', 'YYYY-MM-DD HH:mm')).toBe('2026-11-18 09:30');
      });
    }
  });

  it("counts days on the hospital's calendar: late evening UTC is already tomorrow in Shanghai", () => {
    showTimesIn('Asia/Shanghai');
    expect(hospitalDay(new Date('2026-11-27T18:00:00Z'))).toBe('2026-11-28');
    expect(hospitalDay(new Date('2026-11-27T15:59:59Z'))).toBe('2026-11-27');
  });

  it('reads an offset written without a colon, and a time written with spaces around it, as the server meant', () => {
    showTimesIn('Asia/Shanghai');
    expect(formatDate('2026-11-27T05:00:00-0500', 'YYYY-MM-DD HH:mm')).toBe('2026-11-27 18:00');
    expect(formatDate(' 2026-11-27 09:30 ', 'YYYY-MM-DD HH:mm')).toBe('2026-11-27 09:30');
  });

  it("reads a steady zone's instants by its offset, without asking Intl, and as Intl reads them", () => {
    const hospital = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    const byIntl = (ms: number) => {
      const part = Object.fromEntries(hospital.formatToParts(ms).map(({ type, value }) => [type, value]));
      return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
    };
    showTimesIn('Asia/Shanghai');
    const asked = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      fc.assert(
        fc.property(fc.integer({ min: Date.UTC(1991, 8, 14, 17), max: Date.UTC(2100, 0, 1) }), (ms) => {
          const shown = formatDate(ms, 'YYYY-MM-DD HH:mm:ss');
          expect(shown).toBe(byIntl(ms));
        }),
        { numRuns: 300 },
      );
      // Only the test's own reading asked Intl, once a case.
      expect(asked).toHaveBeenCalledTimes(300);
      asked.mockClear();
      formatDate(Date.UTC(2026, 10, 18), 'YYYY-MM-DD HH:mm');
      expect(asked).not.toHaveBeenCalled();
      // Before China's last summer time ended, Intl reads the clock: 01:59:59 at +09, then 01:00:00 at +08.
      expect(formatDate(Date.UTC(1991, 8, 14, 16, 59, 59), 'YYYY-MM-DD HH:mm:ss')).toBe('1991-09-15 01:59:59');
      expect(asked).toHaveBeenCalledTimes(1);
      expect(formatDate(Date.UTC(1991, 8, 14, 17), 'YYYY-MM-DD HH:mm:ss')).toBe('1991-09-15 01:00:00');
      expect(formatDate(Date.UTC(1991, 6, 1), 'YYYY-MM-DD HH:mm')).toBe('1991-07-01 09:00');
    } finally {
      asked.mockRestore();
    }
  });

  it("knows a canonical zone from the engine's list without building a formatter, and an alias by building one", () => {
    const alias = ['UTC', 'US/Eastern', 'Etc/GMT+8', 'Asia/Calcutta'].find((zone) => !Intl.supportedValuesOf('timeZone').includes(zone))!;
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(isTimeZone('America/New_York')).toBe(true);
      expect(built).not.toHaveBeenCalled();
      expect(isTimeZone(alias)).toBe(true);
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      built.mockRestore();
    }
  });

  it('keeps the default for a zone that does not exist', () => {
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    showTimesIn('Mars/Olympus');
    expect(shownTimeZone()).toBe('Asia/Shanghai');
  });
});
