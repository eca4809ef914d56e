/**
 * When even the strings did not arrive, the frame index.html drew says so at once (the same words
 * it shows when the code is slow, both languages, a reload), instead of staying a skeleton.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { showStartFailed } from '../../src/app/startFailed';

const INDEX_HTML = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');

describe('the start that failed', () => {
  it("marks index.html's own frame failed, which shows its message in both languages with a reload", () => {
    const doc = new DOMParser().parseFromString(INDEX_HTML, 'text/html');
    const shell = doc.querySelector('.boot-shell')!;
    expect(shell.classList.contains('boot-failed')).toBe(false);
    showStartFailed(doc);
    expect(shell.classList.contains('boot-failed')).toBe(true);
    const lines = [...shell.querySelectorAll('.boot-slow')];
    expect(lines.map((line) => line.getAttribute('lang'))).toEqual(['zh-CN', 'en']);
    expect(lines.map((line) => line.querySelector('a')?.getAttribute('href'))).toEqual(['', '']);
    expect(lines[1]!.textContent).toBe('Cloud Film did not finish loading. Check your connection, then reload.');
  });

  it('does nothing where there is no frame', () => {
    const doc = new DOMParser().parseFromString('<div id="root"></div>', 'text/html');
    expect(() => showStartFailed(doc)).not.toThrow();
  });
});
