import * as ui from './ui.css';

/** Work is under way and nothing else can be shown yet: a spinner that says what is happening. */
export function Busy({ label }: { label: string }) {
  return (
    <div className={ui.busy} role="status" aria-live="polite" data-testid="busy">
      <span className={ui.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
