import * as RadixDialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../layout/icons';

/** The heading that names its dialog (Radix points the dialog's aria-labelledby at it). */
export const DialogTitle = RadixDialog.Title;

/** A dialog's close button: an × with an accessible name; it closes through the dialog's onClose. */
export function DialogClose({
  label = 'Close',
  iconSize = 20,
  className,
  children,
}: {
  label?: string;
  iconSize?: number;
  className: string;
  children?: ReactNode;
}) {
  return (
    <RadixDialog.Close aria-label={label} className={className}>
      {children ?? <CloseIcon size={iconSize} />}
    </RadixDialog.Close>
  );
}

/** The page's toasts stay usable over an open dialog: a press on one is not a press outside. */
function keepToasts(e: Event) {
  if (e.target instanceof Element && e.target.closest('[data-toaster]')) e.preventDefault();
}

export type ModalDialogProps = {
  /** Left out by a dialog that is mounted only while it is open. */
  open?: boolean;
  onClose: () => void;
  /** The accessible name of a dialog without a DialogTitle. */
  label?: string;
  /** Where the content sits and how it looks (it is already fixed, above the page and its overlay). */
  className: string;
  overlayClassName: string;
  testId?: string;
  overlayTestId?: string;
  /** Where focus starts; without it (or when it returns null), on the first focusable element. */
  initialFocus?: (content: HTMLElement) => HTMLElement | null;
  children: ReactNode;
};

/**
 * Every modal of the shop on one accessible primitive (Radix Dialog): the page behind is hidden
 * from assistive technology and takes no pointer, Tab cycles inside, Escape or a press on the
 * overlay closes, page scroll is locked, and focus goes back to whatever opened the dialog. It is
 * not the browser's top layer, so the page's toasts (z-100) still show over it.
 */
export function ModalDialog({
  open = true,
  onClose,
  label,
  className,
  overlayClassName,
  testId,
  overlayTestId,
  initialFocus,
  children,
}: ModalDialogProps) {
  // Our dialogs open from code (a store, an event), not from a Radix Trigger: remember the opener ourselves.
  // This runs before the content mounts (Radix's portal renders it one pass later), so a field's
  // autoFocus inside has not taken focus yet.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-testid={overlayTestId} className={`fixed inset-0 z-[90] ${overlayClassName}`} />
        <RadixDialog.Content
          aria-modal="true"
          aria-label={label}
          data-testid={testId}
          className={`fixed z-[90] outline-none ${className}`}
          onOpenAutoFocus={(e) => {
            const first = e.currentTarget instanceof HTMLElement ? initialFocus?.(e.currentTarget) : null;
            if (!first) return;
            e.preventDefault();
            first.focus({ preventScroll: true });
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (opener.current?.isConnected) opener.current.focus({ preventScroll: true });
          }}
          onInteractOutside={keepToasts}
        >
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
