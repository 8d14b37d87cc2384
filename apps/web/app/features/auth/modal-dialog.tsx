import { useEffect, useRef, type ReactNode } from 'react';
import { Toaster } from '../../components/ui/toaster';

/**
 * An accessible modal on the native <dialog>: showModal() makes the rest of the page inert (focus
 * cannot leave it), Escape closes it, and focus returns to whatever opened it. A full-screen sheet
 * on phones, a centred dialog from the `sm` breakpoint up. The native element keeps the lazily
 * loaded modal chunk small (no dialog library).
 */
export function ModalDialog({ labelledBy, onClose, children }: { labelledBy: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // showModal() focuses the first focusable element (the close button); start in the first field instead.
    dialog.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea')?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onCancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={labelledBy}
      onMouseDown={(e) => {
        // A press on the backdrop (the dialog element itself, outside its panel) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
      className="m-0 h-dvh max-h-none w-full max-w-none bg-white p-0 text-ink backdrop:bg-black/50 sm:m-auto sm:h-fit sm:max-h-[90dvh] sm:w-[28rem] sm:rounded-xl sm:shadow-2xl"
    >
      <div className="flex h-full flex-col sm:max-h-[90dvh]">
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute right-3 top-3 z-10 inline-flex size-10 items-center justify-center rounded-full text-2xl leading-none text-muted hover:bg-neutral-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand"
        >
          ×
        </button>
        <div className="flex-1 overflow-y-auto px-5 pb-8 pt-6 sm:px-8">{children}</div>
      </div>
      {/* The page's toasts sit under the modal's top layer (hidden by the sheet on phones, inert
          behind the backdrop): the modal shows the same toasts above itself. */}
      <Toaster />
    </dialog>
  );
}
