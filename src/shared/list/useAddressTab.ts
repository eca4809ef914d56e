import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The tab the address's key names; the first tab when it names none of them. */
export function tabAt<Tabs extends readonly [{ key: string }, ...Array<{ key: string }>]>(tabs: Tabs, key: string | null): Tabs[number] {
  return tabs.find((tab) => tab.key === key) ?? tabs[0];
}

/**
 * The tab of a list has one owner, the address (`?tab=`): a reload, a shared link and the back
 * button keep it. The view switches the tab there (`select`), and the list chart follows
 * (`useListFollows`); nothing else sets the list's filter.
 */
export function useAddressTab<Tabs extends readonly [{ key: string }, ...Array<{ key: string }>]>(tabs: Tabs) {
  type Tab = Tabs[number];
  const { key, select } = useAddressTabKey();
  const selected: Tab = tabAt(tabs, key);
  return { selected, select: useCallback((tab: Tab) => select(tab.key), [select]) };
}

/**
 * The tab's key as the address names it, for a list whose tabs come from the server (the report
 * list's check types): '' when the address names none.
 */
export function useAddressTabKey() {
  const [query, setQuery] = useSearchParams();
  const select = useCallback(
    (key: string) =>
      setQuery(
        (current) => {
          const next = new URLSearchParams(current);
          if (key) next.set('tab', key);
          else next.delete('tab');
          return next;
        },
        { replace: true },
      ),
    [setQuery],
  );
  return { key: query.get('tab') ?? '', select };
}

/** The list chart loads the address's tab: on a change of address, it switches to that filter (once; its own guard drops a same-filter switch). */
export function useListFollows<F>(list: { filter: F; switchFilter: (filter: F) => void }, filter: F) {
  const { filter: shown, switchFilter } = list;
  useEffect(() => {
    if (!Object.is(shown, filter)) switchFilter(filter);
  }, [shown, filter, switchFilter]);
}
