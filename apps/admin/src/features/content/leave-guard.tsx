import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/**
 * Keeps unsaved edits from being lost: leaving the screen asks first (a dialog for a link inside the
 * back office, the browser's own question for a reload or a closed tab). `allowLeave()` lets the
 * form's own navigation after a save through.
 */
export function useLeaveGuard(dirty: boolean) {
  const bypass = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !bypass.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
  };
  const dialog = (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => (open ? undefined : stay())}
      title="Leave without saving?"
      description="Your changes on this screen are not saved yet."
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={stay}>
          Stay
        </Button>
        <Button variant="danger" onClick={() => (blocker.state === 'blocked' ? blocker.proceed() : undefined)}>
          Leave without saving
        </Button>
      </div>
    </Dialog>
  );
  return {
    allowLeave: () => {
      bypass.current = true;
    },
    dialog,
  };
}
