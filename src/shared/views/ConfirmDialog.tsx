import { useEffect, useRef } from 'react';
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
  useEffect(() => (tone === 'question' ? dialog.current : safe.current)?.focus(), [tone]);
  return (
    <div className={ui.backdrop} onClick={props.onDismiss}>
      <div
        ref={dialog}
        tabIndex={-1}
        className={ui.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-label={props.message}
        aria-describedby={props.detail ? 'confirm-dialog-detail' : undefined}
        data-testid={props.testId}
        data-tone={tone}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.key === 'Escape' && props.onDismiss()}
      >
        <p className={ui.dialogMessage}>{props.message}</p>
        {props.detail && (
          <p id="confirm-dialog-detail" className={ui.dialogDetail} data-testid="dialog-detail">
            {props.detail}
          </p>
        )}
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
