import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/** A modal dialog (Radix): focus trapped, Escape closes, the title names it for screen readers. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40 animate-[fade-in_150ms_ease-out]" />
        <RadixDialog.Content
          className="fixed inset-x-3 top-[10vh] z-50 mx-auto max-h-[80vh] max-w-md overflow-y-auto rounded-lg bg-white p-5 shadow-xl outline-none animate-[fade-in_150ms_ease-out]"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="text-lg font-semibold text-ink">{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description> : null}
          <div className="mt-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;
