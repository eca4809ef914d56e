import { describe, expect, it } from 'vitest';
import { studyPassStore, type HeldPass } from '../../src/shared/session/studyPass';
import { safeStorage } from '../../src/shared/state/safeStorage';

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const pass = (scope: HeldPass['scope'], studyIds: string[] | null): HeldPass => ({ token: 't', scope, studyIds, expiresAt: '2026-11-21T10:00:00+08:00' });

describe('study passes: which views are read-only', () => {
  it.each([
    ['share', ['film-1'], 'film-1', true],
    ['experience', ['demo-1'], 'demo-1', true],
    ['experience', ['demo-1'], 'film-1', false],
    ['collect', null, 'film-1', false],
    ['collect', ['film-1'], 'film-1', false],
  ] as const)('a %s pass over %j shows %s read-only: %s', (scope, studyIds, id, readOnly) => {
    const passes = studyPassStore(safeStorage(() => null), () => NOW);
    passes.keep(pass(scope, [...(studyIds ?? [])].length ? [...studyIds!] : null));
    expect(passes.isSharedView(id)).toBe(readOnly);
  });

  it('an expired demo pass shows nothing read-only (it is gone)', () => {
    const passes = studyPassStore(safeStorage(() => null), () => Date.parse('2026-11-22T10:00:00+08:00'));
    passes.keep(pass('experience', ['demo-1']));
    expect(passes.current()).toBeNull();
    expect(passes.isSharedView('demo-1')).toBe(false);
  });
});
