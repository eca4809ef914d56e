// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SESSION_KEYS, STORAGE_KEYS } from '../../src/shared/state/storageKeys';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !path.endsWith('storageKeys.ts') ? [path] : [];
  });
}

/** Every `cf.` key written out in the app's code, with the file it is in. */
const used = sources('src').flatMap((file) =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/['"`](cf\.[A-Za-z.]*)['"`$]/g)].map((m) => ({ key: m[1]!, file: relative(root, join(root, file)) })),
);

const named = (key: string) => STORAGE_KEYS.some((k) => (k.prefix ? key.startsWith(k.key) || key === k.key : key === k.key));

describe('the storage key registry (src/shared/state/storageKeys.ts)', () => {
  it('names every key the code keeps in storage', () => {
    expect(used.length).toBeGreaterThan(10);
    for (const { key, file } of used) expect(named(key), `${key} in ${file}`).toBe(true);
  });

  it('names no key the code does not use, and each where it is written', () => {
    for (const k of STORAGE_KEYS) {
      expect(readFileSync(join(root, k.owner), 'utf8'), `${k.key} in ${k.owner}`).toContain(k.key === 'oidc.' ? 'sessionStorage' : `'${k.key}'`);
    }
  });

  it('a 401 clears every session key but the drafts, and touches no local key', () => {
    expect(SESSION_KEYS.filter((k) => k.on401 === 'kept').map((k) => k.key)).toEqual(['cf.draft.']);
    expect(SESSION_KEYS.every((k) => k.on401 !== 'untouched')).toBe(true);
    expect(STORAGE_KEYS.filter((k) => k.storage === 'local').every((k) => k.on401 === 'untouched')).toBe(true);
    expect(SESSION_KEYS.map((k) => k.key)).toEqual(expect.arrayContaining(['cf.state', 'cf.studyPass', 'cf.pendingPayment']));
  });
});
