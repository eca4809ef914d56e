/** A Web Storage kept in `map` (a new one unless given), shared by the "tabs" of a test as localStorage is. */
export function memoryStorage(map = new Map<string, string>()): Storage {
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}
