import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/*
 * Ordering for the content screens (menus, footer, store locations): a list sorted by dragging its
 * handle (mouse, touch, or the keyboard: space, arrows, space), the same moves as buttons, and a
 * guard that warns before unsaved changes are left behind.
 */

/** A blank field is no value (null), as the API wants it. */
export const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** The list moved: the item at `from` now sits at `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

export type DragHandleProps = HTMLAttributes<HTMLButtonElement>;

function SortableRow({ id, children }: { id: number; children: (handle: DragHandleProps, dragging: boolean) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={isDragging ? 'relative z-10 opacity-80' : undefined}
    >
      {children({ ...attributes, ...listeners, ref: setActivatorNodeRef } as DragHandleProps, isDragging)}
    </li>
  );
}

const instructions = {
  draggable: 'To move this item, press space to pick it up, the arrow keys to move it, space again to drop it, or escape to cancel.',
};

/**
 * What a screen reader hears while an item is dragged: its name and place, not dnd-kit's numeric ids.
 * dnd-kit reports the item over its own place right after picking it up; that says nothing new, so
 * it is not announced over "Picked up" (`over` keeps the place last announced).
 */
function announcementsFor<T extends { id: number }>(
  items: readonly T[],
  nameOf: (item: T) => string,
  over: { current: UniqueIdentifier | null },
): Announcements {
  const name = (id: UniqueIdentifier) => {
    const item = items.find((i) => i.id === id);
    return item ? nameOf(item) : 'The item';
  };
  const place = (id: UniqueIdentifier | undefined) => `position ${items.findIndex((i) => i.id === id) + 1} of ${items.length}`;
  return {
    onDragStart: ({ active }) => {
      over.current = active.id;
      return `Picked up ${name(active.id)}, at ${place(active.id)}.`;
    },
    onDragOver: ({ active, over: now }) => {
      if ((now?.id ?? null) === over.current) return undefined;
      over.current = now?.id ?? null;
      return now ? `${name(active.id)} is over ${place(now.id)}.` : `${name(active.id)} is outside the list.`;
    },
    onDragEnd: ({ active, over: now }) =>
      now ? `${name(active.id)} was dropped at ${place(now.id)}.` : `${name(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving cancelled: ${name(active.id)} is back at ${place(active.id)}.`,
  };
}

/** A list whose items are reordered by dragging their handle; each list is its own context (siblings only). */
export function SortableList<T extends { id: number }>({
  items,
  label,
  nameOf,
  onMove,
  children,
}: {
  items: readonly T[];
  label: string;
  /** The item's name, as the screen reader's announcements of a drag say it. */
  nameOf: (item: T) => string;
  onMove: (from: number, to: number) => void;
  children: (item: T, index: number, handle: DragHandleProps, dragging: boolean) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcedOver = useRef<UniqueIdentifier | null>(null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcementsFor(items, nameOf, announcedOver), screenReaderInstructions: instructions }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ul aria-label={label} className="space-y-2">
          {items.map((item, index) => (
            <SortableRow key={item.id} id={item.id}>
              {(handle, dragging) => children(item, index, handle, dragging)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

const iconButton =
  'inline-flex size-9 shrink-0 sm:size-10 items-center justify-center rounded-md text-ink hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand disabled:text-neutral-300 disabled:hover:bg-transparent';

/** The drag handle: a button, so the keyboard can pick the item up too. */
export function DragHandle({ name, handle }: { name: string; handle: DragHandleProps }) {
  return (
    <button type="button" aria-label={`Drag ${name}`} className={`${iconButton} cursor-grab touch-none`} {...handle}>
      <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
        {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r={1.6} />))}
      </svg>
    </button>
  );
}

/** A small labelled button for a row's moves (up, down, in, out). */
export function RowButton({
  label,
  onClick,
  disabled,
  expanded,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** For a button that shows and hides something: whether it is shown. */
  expanded?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-expanded={expanded}
      className={iconButton}
      onClick={onClick}
      disabled={disabled}
    >
      <span aria-hidden="true" className="text-lg leading-none">
        {children}
      </span>
    </button>
  );
}

/** Up and down buttons for the item at `index` of `count`. */
export function MoveButtons({ name, index, count, onMove }: { name: string; index: number; count: number; onMove: (to: number) => void }) {
  return (
    <>
      <RowButton label={`Move ${name} up`} onClick={() => onMove(index - 1)} disabled={index === 0}>
        ↑
      </RowButton>
      <RowButton label={`Move ${name} down`} onClick={() => onMove(index + 1)} disabled={index === count - 1}>
        ↓
      </RowButton>
    </>
  );
}

/**
 * Unsaved changes: leaving the screen inside the back office asks first (a dialog), and closing or
 * reloading the tab gets the browser's own warning.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  // The menu switcher changes only the query (?menu=kids): that leaves this screen's work too.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => (open ? undefined : blocker.reset?.())}
      title="Leave without saving?"
      description="Some changes on this screen have not been saved. If you leave now, they are lost."
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </div>
    </Dialog>
  );
}
