import { describe, expect, it, vi } from 'vitest';
import { safeStorage } from '../../src/shared/state/safeStorage';
import { TEXT_SIZE_KEY, textSizeStore } from '../../src/shared/theme/textSize';

const memoryStorage = () => safeStorage(() => null);

describe('the large-text mode', () => {
  it('starts standard, and puts the size on the page', () => {
    const root = document.createElement('html');
    expect(textSizeStore(memoryStorage(), root).get()).toBe('standard');
    expect(root.dataset.textSize).toBe('standard');
  });

  it('is remembered on the device: a new start (another tab, the next day) opens large', () => {
    const local = memoryStorage();
    const root = document.createElement('html');
    const listener = vi.fn();
    const store = textSizeStore(local, root);
    store.subscribe(listener);
    store.set('large');
    expect(root.dataset.textSize).toBe('large');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(local.get(TEXT_SIZE_KEY)).toBe('large');
    const nextStart = document.createElement('html');
    expect(textSizeStore(local, nextStart).get()).toBe('large');
    expect(nextStart.dataset.textSize).toBe('large');
  });

  it('a value it does not know (an older app, a hand edit) reads as standard', () => {
    const local = memoryStorage();
    local.set(TEXT_SIZE_KEY, 'huge');
    expect(textSizeStore(local, document.createElement('html')).get()).toBe('standard');
  });
});
