import { Alert } from './alert';
import { Button } from './button';

/** What an editor says after a save, or about a refused one. */
export type Notice = { tone: 'success' | 'error'; text: string };

/** The end of an editor's side box: what the last save said, then Save (full width). */
export function NoticeAndSave({ notice, submitting }: { notice: Notice | null; submitting: boolean }) {
  return (
    <>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? 'Saving…' : 'Save'}
      </Button>
    </>
  );
}
