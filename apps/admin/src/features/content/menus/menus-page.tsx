import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  AdminHighlightSchema,
  HIGHLIGHT_MAX,
  NAV_MAX_DEPTH,
  type AdminHighlight,
  type AdminNavItem,
  type NavMenu,
} from '@store/shared/admin-navigation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { PageHeader, Section } from '../../../components/ui/page';
import { api } from '../../../lib/api';
import { apiErrorToForm, errorMessage } from '../../../lib/forms';
import { ItemEditor, type EditTarget } from './item-editor';
import { MENU_LABELS, MenuSwitcher, menuOf } from './menu-switcher';
import { DragHandle, MoveButtons, RowButton, SortableList, UnsavedChangesGuard, moved } from './ordering';
import { countBelow, height, indent, orderOf, outdent, parentOf, withChildren, type Tree } from './tree';

export type MenusData = { menu: NavMenu; items: AdminNavItem[]; highlight: AdminHighlight };

export async function menusLoader({ request }: LoaderFunctionArgs): Promise<MenusData> {
  const menu = menuOf(request);
  const [items, highlight] = await Promise.all([
    api.get<{ data: AdminNavItem[] }>(`/content/menus/?menu=${menu}`, request.signal),
    api.get<{ data: AdminHighlight }>('/content/highlight/', request.signal),
  ]);
  return { menu, items: items.data, highlight: highlight.data };
}

// The tree, kept on the screen until "Save order".

function linkSummary(item: AdminNavItem): string {
  if (item.disable_url) return 'Heading (no link)';
  return item.redirect_url ?? item.external_url ?? item.relative_url ?? (item.page ? `/page/${item.page}` : '—');
}

type TreeActions = {
  expanded: ReadonlySet<number>;
  toggle: (id: number) => void;
  move: (parentId: number | null, from: number, to: number) => void;
  indent: (item: AdminNavItem) => void;
  outdent: (item: AdminNavItem) => void;
  edit: (target: EditTarget) => void;
  remove: (item: AdminNavItem) => void;
};

function ItemList({ items, parentId, depth, actions }: { items: Tree; parentId: number | null; depth: number; actions: TreeActions }) {
  return (
    <SortableList
      items={items}
      label={parentId === null ? 'Menu items' : 'Items under it'}
      nameOf={(item) => item.title}
      onMove={(from, to) => actions.move(parentId, from, to)}
    >
      {(item, index, handle) => (
        <div data-testid="menu-item" data-title={item.title}>
          <div className="flex flex-wrap items-center gap-1 rounded-md border border-line bg-white py-1 pr-1 shadow-xs">
            <DragHandle name={item.title} handle={handle} />
            {item.children.length ? (
              <RowButton
                label={`${actions.expanded.has(item.id) ? 'Hide' : 'Show'} the ${countBelow(item)} items under ${item.title}`}
                onClick={() => actions.toggle(item.id)}
                expanded={actions.expanded.has(item.id)}
              >
                {actions.expanded.has(item.id) ? '▾' : '▸'}
              </RowButton>
            ) : (
              <span className="w-9 shrink-0 sm:w-10" />
            )}
            <div className="min-w-0 flex-1 py-1">
              <p className="flex items-center gap-2 truncate text-sm font-semibold text-ink">
                {item.menu_color ? (
                  <span className="size-3 shrink-0 rounded-full border border-line" style={{ backgroundColor: item.menu_color }} />
                ) : null}
                <span className="truncate">{item.title}</span>
              </p>
              <p className="truncate text-xs text-muted">
                {linkSummary(item)}
                {item.visible_only_to_logged_in_users ? ' · signed-in only' : ''}
                {item.open_in_new_tab ? ' · new tab' : ''}
                {item.promote.length ? ` · ${item.promote.length} promoted` : ''}
                {item.children.length ? ` · ${countBelow(item)} below` : ''}
              </p>
            </div>
            <div className="flex w-full items-center justify-end gap-0.5 border-t border-line pt-1 sm:w-auto sm:border-0 sm:pt-0">
              <MoveButtons name={item.title} index={index} count={items.length} onMove={(to) => actions.move(parentId, index, to)} />
              <RowButton label={`Move ${item.title} out a level`} onClick={() => actions.outdent(item)} disabled={parentId === null}>
                ←
              </RowButton>
              <RowButton
                label={`Move ${item.title} under the item above`}
                onClick={() => actions.indent(item)}
                disabled={index === 0 || depth + height(item) > NAV_MAX_DEPTH}
              >
                →
              </RowButton>
              {depth < NAV_MAX_DEPTH ? (
                <RowButton label={`Add an item under ${item.title}`} onClick={() => actions.edit({ item: null, parentId: item.id })}>
                  +
                </RowButton>
              ) : null}
              <Button variant="ghost" className="px-2! sm:px-3!" onClick={() => actions.edit({ item, parentId })}>
                Edit
              </Button>
              <Button variant="ghost" className="px-2! text-red-700 sm:px-3!" onClick={() => actions.remove(item)}>
                Delete
              </Button>
            </div>
          </div>
          {item.children.length && actions.expanded.has(item.id) ? (
            <div className="mt-2 ml-1.5 border-l-2 border-line pl-1.5 sm:ml-6 sm:pl-3">
              <ItemList items={item.children} parentId={item.id} depth={depth + 1} actions={actions} />
            </div>
          ) : null}
        </div>
      )}
    </SortableList>
  );
}

const UNSAVED_BEFORE_DELETE = 'Save the new order or undo it before deleting an item.';

function MenuTree({ menu, initial, onDirtyChange }: { menu: NavMenu; initial: Tree; onDirtyChange: (dirty: boolean) => void }) {
  const [tree, setTree] = useState(initial);
  // The order as saved: "Undo changes" goes back to it; adding, editing and deleting change both.
  const [base, setBase] = useState(initial);
  const both = (change: (tree: Tree) => Tree) => {
    setTree(change);
    setBase(change);
  };
  const [dirty, setDirtyState] = useState(false);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  // Which items show what is under them: none at first, so the whole menu fits a screen.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const expand = (id: number, open = true) =>
    setExpanded((now) => {
      const next = new Set(now);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  const [deleting, setDeleting] = useState<AdminNavItem | null>(null);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const setDirty = (next: boolean) => {
    setDirtyState(next);
    onDirtyChange(next);
  };
  const reorder = (next: Tree) => {
    setTree(next);
    setDirty(true);
    setResult(null);
  };

  const actions: TreeActions = {
    expanded,
    toggle: (id) => expand(id, !expanded.has(id)),
    move: (parentId, from, to) => reorder(withChildren(tree, parentId, (children) => moved(children, from, to))),
    indent: (item) => {
      const { tree: next, into } = indent(tree, item.id);
      if (into === null) return;
      expand(into);
      reorder(next);
    },
    outdent: (item) => reorder(outdent(tree, item.id)),
    edit: setEditing,
    // A delete takes the item's children as saved: with a new order unsaved, the screen and the shop would disagree.
    remove: (item) => (dirty ? setResult({ tone: 'error', text: UNSAVED_BEFORE_DELETE }) : setDeleting(item)),
  };

  const saveOrder = async () => {
    setBusy(true);
    setResult(null);
    try {
      const saved = (await api.put<{ data: AdminNavItem[] }>(`/content/menus/order/?menu=${menu}`, { items: orderOf(tree) })).data;
      setTree(saved);
      setBase(saved);
      setDirty(false);
      setResult({ tone: 'success', text: 'Order saved. The storefront shows it now.' });
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.delete(`/content/menu-items/${deleting.id}/`);
      const gone = deleting.id;
      both((t) => withChildren(t, parentOf(t, gone), (children) => children.filter((c) => c.id !== gone)));
      setResult({ tone: 'success', text: `“${deleting.title}” deleted.` });
      setDeleting(null);
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error) });
      setDeleting(null);
    } finally {
      setBusy(false);
    }
  };

  const onSaved = (saved: AdminNavItem, created: boolean) => {
    if (created) {
      both((t) => withChildren(t, saved.parent_id, (children) => [...children, saved]));
      if (saved.parent_id !== null) expand(saved.parent_id);
    } else {
      both((t) =>
        withChildren(t, parentOf(t, saved.id), (children) =>
          children.map((c) => (c.id === saved.id ? { ...saved, children: c.children } : c)),
        ),
      );
    }
    setResult({ tone: 'success', text: `“${saved.title}” saved. The storefront shows it now.` });
    setEditing(null);
  };

  return (
    <Section
      title={`${MENU_LABELS[menu]} menu`}
      description="Drag an item by its handle, or use the arrows: ↑ ↓ move it among its neighbours, → puts it under the item above, ← takes it out a level. Then save the order."
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="secondary" onClick={() => setEditing({ item: null, parentId: null })}>
            Add a menu item
          </Button>
          <div className="flex flex-wrap items-center gap-2">
            {dirty ? <span className="text-sm font-medium text-amber-700">Unsaved order</span> : null}
            <Button
              variant="ghost"
              disabled={!dirty || busy}
              onClick={() => {
                setTree(base);
                setDirty(false);
              }}
            >
              Undo changes
            </Button>
            <Button disabled={!dirty || busy} onClick={() => void saveOrder()}>
              {busy && dirty ? 'Saving…' : 'Save order'}
            </Button>
          </div>
        </div>
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
        {tree.length ? (
          <ItemList items={tree} parentId={null} depth={1} actions={actions} />
        ) : (
          <p className="rounded-md border border-dashed border-line p-6 text-center text-sm text-muted">This menu has no items yet.</p>
        )}
      </div>
      {editing ? <ItemEditor menu={menu} target={editing} onClose={() => setEditing(null)} onSaved={onSaved} /> : null}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete “${deleting?.title ?? ''}”?`}
        description={
          deleting && countBelow(deleting)
            ? `The ${countBelow(deleting)} item${countBelow(deleting) === 1 ? '' : 's'} under it go too. The storefront drops them at once.`
            : 'The storefront drops it at once.'
        }
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => void confirmDelete()}>
            Delete
          </Button>
        </div>
      </Dialog>
    </Section>
  );
}

/** The line above the storefront's header (both menus): empty for none. */
function HighlightForm({ highlight, onDirtyChange }: { highlight: AdminHighlight; onDirtyChange: (dirty: boolean) => void }) {
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<AdminHighlight>({
    resolver: zodResolver(AdminHighlightSchema),
    defaultValues: { message: highlight.message ?? '' },
  });
  const length = (form.watch('message') ?? '').length;
  const { isDirty } = form.formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const submit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const saved = (await api.put<{ data: AdminHighlight }>('/content/highlight/', values)).data;
      form.reset({ message: saved.message ?? '' });
      setResult({ tone: 'success', text: saved.message ? 'Saved. The storefront shows it now.' : 'Removed from the storefront.' });
    } catch (error) {
      const message = apiErrorToForm(error, form.setError, ['message']);
      if (message) setResult({ tone: 'error', text: message });
    }
  });
  return (
    <Section title="Highlight message" description="The line above the storefront's header, on every page. Leave it empty for none.">
      <form onSubmit={submit} noValidate className="space-y-3" aria-label="Highlight message">
        <TextField
          label="Message"
          hint={`${length}/${HIGHLIGHT_MAX} · {{service_hours}} and {{same_day_cutoff}} are filled in.`}
          error={form.formState.errors.message?.message}
          {...form.register('message')}
        />
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
            {form.formState.isSubmitting ? 'Saving…' : 'Save message'}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** The storefront's two menus (SPEC §3) and the highlight message. */
export function MenusPage() {
  const { menu, items, highlight } = useLoaderData<MenusData>();
  const [treeDirty, setTreeDirty] = useState(false);
  const [highlightDirty, setHighlightDirty] = useState(false);
  // Another menu is a fresh tree: nothing of it is unsaved yet.
  useEffect(() => setTreeDirty(false), [menu]);
  return (
    <div className="space-y-6">
      <div>
        <PageHeader title="Menus" description="The storefront's header menus and the highlight message above them." />
        <MenuSwitcher menu={menu} label="Which menu" />
        <MenuTree key={menu} menu={menu} initial={items} onDirtyChange={setTreeDirty} />
      </div>
      <HighlightForm highlight={highlight} onDirtyChange={setHighlightDirty} />
      <UnsavedChangesGuard dirty={treeDirty || highlightDirty} />
    </div>
  );
}
