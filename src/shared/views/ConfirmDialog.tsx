import { useEffect, useRef } from 'react';
import { Button } from './Button';
import * as ui from './ui.css';

/** A decision the patient must make before anything happens (cancel an order, confirm a payment). */
export function ConfirmDialog(props: {
  message: string;
  confirmLabel: string;
  dismissLabel: string;
  onConfirm: () => void;
  onDismiss: () => void;
  testId?: string;
}) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div className={ui.backdrop} onClick={props.onDismiss}>
      <div
        className={ui.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-label={props.message}
        data-testid={props.testId}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.key === 'Escape' && props.onDismiss()}
      >
        <p className={ui.dialogMessage}>{props.message}</p>
        <div className={ui.dialogActions}>
          <Button ref={first} variant="secondary" onClick={props.onDismiss}>
            {props.dismissLabel}
          </Button>
          <Button onClick={props.onConfirm}>{props.confirmLabel}</Button>
        </div>
      </div>
    </div>
  );
}
