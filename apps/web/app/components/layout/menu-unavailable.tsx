import * as m from '@store/shared/i18n/messages';

/**
 * What a menu part says when the menu could not be fetched, with a retry. The button is never
 * disabled while it works: a disabled button loses its focus, and the menu around it would close.
 */
export function MenuUnavailable({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <>
      <p role="status" className="flex-1 text-muted">
        {m.shell_menu_unavailable()}
      </p>
      <button
        type="button"
        aria-busy={retrying}
        aria-disabled={retrying}
        className="font-semibold text-ink underline aria-disabled:opacity-60"
        onClick={onRetry}
      >
        {m.shell_try_again()}
      </button>
    </>
  );
}
