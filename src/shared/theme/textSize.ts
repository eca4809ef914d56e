import type { SafeStorage } from '../state/safeStorage';

/**
 * The text size the reader chose on this device (issue 24 §12: a large-text mode for older
 * patients). Kept in local storage like the language, and put on the page as `data-text-size` on
 * the root element, which scales every text size of the theme (theme.css.ts, `textScale`).
 */
export type TextSize = 'standard' | 'large';
export const TEXT_SIZES: readonly TextSize[] = ['standard', 'large'];
export const TEXT_SIZE_KEY = 'cf.textSize';

export interface TextSizeStore {
  get(): TextSize;
  set(size: TextSize): void;
  subscribe(listener: () => void): () => void;
}

const isTextSize = (value: string | null): value is TextSize => TEXT_SIZES.includes(value as TextSize);

export function textSizeStore(local: SafeStorage, root: HTMLElement): TextSizeStore {
  const saved = local.get(TEXT_SIZE_KEY);
  let size: TextSize = isTextSize(saved) ? saved : 'standard';
  const listeners = new Set<() => void>();
  const show = () => {
    root.dataset.textSize = size;
  };
  show();
  return {
    get: () => size,
    set(next) {
      if (next === size) return;
      size = next;
      local.set(TEXT_SIZE_KEY, next);
      show();
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
