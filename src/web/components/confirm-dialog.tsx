import { type ReactNode, useEffect, useId, useRef } from 'react';
import { FormError } from './form-error';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  /** Why the last attempt failed: the dialog stays open with it, so the member can try again or cancel. */
  error?: string | null;
  /** What the confirmation asks for besides the click (the current password). */
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation on the native <dialog>, which traps focus and closes on Escape. */
export function ConfirmDialog({ open, title, message, confirmLabel, busy, error, children, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} aria-describedby={messageId} onCancel={onCancel}>
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <p id={messageId}>{message}</p>
      {children}
      <FormError message={error} />
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Please wait...' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
