import { useState } from 'react';
import { api } from '../../lib/api';
import { fieldsText } from '../../lib/forms';
import { Button } from './button';
import { TextAreaField } from './field';

/**
 * "Add a note" on a record's page (an order's timeline, a customer): posts `{ note }` to `path`,
 * then empties itself and reloads the page; a refusal goes to the page's notice.
 */
export function NoteForm({
  path,
  maxLength,
  onDone,
  onError,
}: {
  path: string;
  maxLength: number;
  onDone: () => Promise<unknown>;
  onError: (message: string | null) => void;
}) {
  const [note, setNote] = useState('');
  return (
    <form
      className="mb-4 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void (async () => {
          try {
            await api.post(path, { note });
            setNote('');
            onError(null);
          } catch (error) {
            onError(fieldsText(error));
          }
          await onDone();
        })();
      }}
    >
      <TextAreaField label="Add a note" rows={2} value={note} onChange={(e) => setNote(e.target.value)} maxLength={maxLength} />
      <Button type="submit" variant="secondary" disabled={!note.trim()}>
        Add note
      </Button>
    </form>
  );
}
