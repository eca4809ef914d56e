import type { DecodedFrame } from './dicom/decoded';

/**
 * The decoded pixels of the images the viewer chart calls ready, by image key. The chart decides
 * what is kept (its cache cap) and tells the app what to drop; nothing else evicts.
 */
export interface ImageStore {
  get(key: string): DecodedFrame | undefined;
  set(key: string, decoded: DecodedFrame): void;
  drop(keys: readonly string[]): void;
  clear(): void;
}

export function createImageStore(): ImageStore {
  const frames = new Map<string, DecodedFrame>();
  return {
    get: (key) => frames.get(key),
    set: (key, decoded) => void frames.set(key, decoded),
    drop: (keys) => keys.forEach((key) => frames.delete(key)),
    clear: () => frames.clear(),
  };
}

/** The bytes a decoded frame takes in memory: what the chart's cache cap counts. */
export function frameBytes(decoded: DecodedFrame): number {
  return decoded.frame.kind === 'grey' ? decoded.frame.values.byteLength : decoded.frame.rgba.byteLength;
}
