import * as css from './tabs.css';

/**
 * The tab strip above a list (AI orders, reports by check type, storage orders): one tab per
 * option, the selected one marked. Each tab carries its label twice, the second unseen in bold
 * (tabs.css), so selecting it never widens it.
 */
export function TabStrip<T>(props: {
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  label: (tab: T) => string;
  /** Each tab's test id, unique within the strip (also its key). */
  testId: (tab: T) => string;
}) {
  return (
    <div className={css.tabs} role="tablist">
      {props.tabs.map((tab) => (
        <button
          key={props.testId(tab)}
          type="button"
          role="tab"
          data-label={props.label(tab)}
          className={css.tab}
          aria-selected={tab === props.selected}
          data-testid={props.testId(tab)}
          onClick={() => props.onSelect(tab)}
        >
          {props.label(tab)}
        </button>
      ))}
    </div>
  );
}
