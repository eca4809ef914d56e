import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Button } from './Button';
import * as ui from './ui.css';

/**
 * How a decision reads: `confirm` (the default: confirming is the way on, focus waits on "think
 * again"), `destructive` (something that cannot be taken back: its button is not dressed as the
 * primary action, focus on the safe answer), `question` (two honest answers, such as "paid" /
 * "not paid": focus on the question, neither answer chosen for the patient).
 */
export type DialogTone = 'confirm' | 'destructive' | 'question';

/** A decision the patient must make before anything happens (cancel an order, confirm a payment). */
export function ConfirmDialog(props: {
  message: string;
  /** What the decision is about, under the question (the order and its amount). */
  detail?: string;
  /** More than a line of it (what leaves the app, as a list), under the detail. */
  children?: ReactNode;
  /** Where focus goes when it closes if nothing on the page had it when it opened (a dialog that opened by itself). */
  returnFocus?: RefObject<HTMLElement | null>;
  confirmLabel: string;
  dismissLabel: string;
  onConfirm: () => void;
  onDismiss: () => void;
  tone?: DialogTone;
  testId?: string;
}) {
  const tone = props.tone ?? 'confirm';
  const dialog = useRef<HTMLDivElement>(null);
  const safe = useRef<HTMLButtonElement>(null);
  const { returnFocus } = props;
  useFocusBackOnClose(returnFocus);
  // Before its first frame (a layout effect): a key pressed as the dialog appears lands on the safe answer.
  useLayoutEffect(() => (tone === 'question' ? dialog.current : safe.current)?.focus({ preventScroll: true }), [tone]);
  return (
    <div className={ui.backdrop} onClick={props.onDismiss}>
      <div
        ref={dialog}
        tabIndex={-1}
        className={ui.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-label={props.message}
        aria-describedby={[props.detail && 'confirm-dialog-detail', props.children && 'confirm-dialog-more'].filter(Boolean).join(' ') || undefined}
        data-testid={props.testId}
        data-tone={tone}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') props.onDismiss();
          keepFocusInside(e);
        }}
      >
        <p className={ui.dialogMessage}>{props.message}</p>
        {props.detail && (
          <p id="confirm-dialog-detail" className={ui.dialogDetail} data-testid="dialog-detail">
            {props.detail}
          </p>
        )}
        {props.children && <div id="confirm-dialog-more">{props.children}</div>}
        <div className={ui.dialogActions}>
          <Button ref={safe} variant="secondary" onClick={props.onDismiss}>
            {props.dismissLabel}
          </Button>
          <Button variant={tone === 'destructive' ? 'danger' : 'primary'} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Closed, a dialog gives focus back where it was (the control that opened it), so the patient is
 * where they were; `fallback` when nothing on the page had it (a dialog that opened by itself).
 * Call it before the dialog takes focus (both in layout effects, this one first).
 */
export function useFocusBackOnClose(fallback?: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const opener = document.activeElement;
    const other = fallback?.current;
    return () => {
      const back = opener instanceof HTMLElement && opener !== document.body && opener.isConnected ? opener : other;
      back?.focus();
    };
  }, [fallback]);
}

/** Tab and Shift+Tab go round the dialog's own controls: a modal dialog never lets focus wander to the page behind it. */
export function keepFocusInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const at = document.activeElement;
  if (event.shiftKey && (at === first || at === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && at === last) {
    event.preventDefault();
    first.focus();
  }
}
