import { useEffect, useState } from 'react';
import * as m from '@store/shared/i18n/messages';
import { toast } from '../../lib/toast';

/** Copies `text` to the clipboard and says so on the button for two seconds. */
export function CopyButton({ text, label, className = '' }: { text: string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast.error(m.loyalty_copy_failed());
    }
  }

  return (
    <button
      type="button"
      onClick={() => void copy()}
      className={`inline-flex h-10 shrink-0 items-center justify-center rounded-lg border border-neutral-300 bg-white px-3.5 text-sm font-semibold text-ink transition hover:border-ink focus-visible:outline-2 focus-visible:outline-brand ${className}`}
    >
      <span aria-live="polite">{copied ? m.loyalty_copied() : label}</span>
    </button>
  );
}
