import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  AdminFooterGroupPatchSchema,
  AdminFooterLinkFormSchema,
  type AdminFooterGroup,
  type AdminFooterGroupPatch,
  type AdminFooterLink,
  type AdminFooterLinkForm,
  type NavMenu,
} from '@store/shared/admin-navigation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { PageHeader, Section } from '../../../components/ui/page';
import { api } from '../../../lib/api';
import { apiErrorToForm, errorMessage } from '../../../lib/forms';
import { MENU_LABELS, MenuSwitcher, menuOf } from '../menus/menu-switcher';
import { DragHandle, MoveButtons, RowButton, SortableList, UnsavedChangesGuard, blankToNull, moved } from '../menus/ordering';

export type FooterData = { menu: NavMenu; groups: AdminFooterGroup[] };

export async function footerLoader({ request }: LoaderFunctionArgs): Promise<FooterData> {
  const menu = menuOf(request);
  return { menu, groups: (await api.get<{ data: AdminFooterGroup[] }>(`/content/footer/?menu=${menu}`, request.signal)).data };
}

type Result = { tone: 'success' | 'error'; text: string } | null;

type TitleInput = { error: string | undefined; field: UseFormRegisterReturn };

/**
 * A title and its Bangla, side by side on a wide screen and one under the other on a phone. Not
 * "Bangla title": that label would also answer to a lookup of "Title".
 */
function TitleFields({ title, titleBn }: { title: TitleInput; titleBn: TitleInput }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Title" error={title.error} {...title.field} />
      <TextField
        label="Bangla name"
        lang="bn"
        hint="The title on Bangla pages. Empty: they show the English title."
        error={titleBn.error}
        {...titleBn.field}
      />
    </div>
  );
}

function GroupDialog({
  menu,
  group,
  onClose,
  onSaved,
}: {
  menu: NavMenu;
  group: AdminFooterGroup | null;
  onClose: () => void;
  onSaved: (group: AdminFooterGroup) => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<AdminFooterGroupPatch>({
    resolver: zodResolver(AdminFooterGroupPatchSchema),
    defaultValues: { title: group?.title ?? '', title_bn: group?.title_bn ?? '' },
  });
  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      const saved = group
        ? (await api.patch<{ data: AdminFooterGroup }>(`/content/footer-groups/${group.id}/`, values)).data
        : (await api.post<{ data: AdminFooterGroup }>('/content/footer-groups/', { ...values, menu })).data;
      onSaved(saved);
    } catch (error) {
      setMessage(apiErrorToForm(error, form.setError, ['title', 'title_bn']));
    }
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={group ? 'Rename the group' : 'Add a footer group'}>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Footer group">
        <TitleFields
          title={{ error: form.formState.errors.title?.message, field: form.register('title') }}
          titleBn={{ error: form.formState.errors.title_bn?.message, field: form.register('title_bn') }}
        />
        {message ? <Alert>{message}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {group ? 'Save' : 'Add group'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function LinkDialog({
  groupId,
  link,
  onClose,
  onSaved,
}: {
  groupId: number;
  link: AdminFooterLink | null;
  onClose: () => void;
  onSaved: (link: AdminFooterLink) => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<AdminFooterLinkForm>({
    resolver: zodResolver(AdminFooterLinkFormSchema),
    defaultValues: {
      title: link?.title ?? '',
      title_bn: link?.title_bn ?? '',
      relative_url: link?.relative_url ?? '',
      menu_icon: link?.menu_icon ?? null,
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      const saved = link
        ? (await api.patch<{ data: AdminFooterLink }>(`/content/footer-links/${link.id}/`, values)).data
        : (await api.post<{ data: AdminFooterLink }>('/content/footer-links/', { ...values, group_id: groupId })).data;
      onSaved(saved);
    } catch (error) {
      setMessage(apiErrorToForm(error, form.setError, ['title', 'title_bn', 'relative_url', 'menu_icon']));
    }
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={link ? `Edit “${link.title}”` : 'Add a footer link'}>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Footer link">
        <TitleFields
          title={{ error: errors.title?.message, field: form.register('title') }}
          titleBn={{ error: errors.title_bn?.message, field: form.register('title_bn') }}
        />
        <TextField
          label="Address"
          placeholder="/page/returns"
          hint="A page of this shop, starting with /."
          error={errors.relative_url?.message}
          {...form.register('relative_url')}
        />
        <TextField
          label="Icon"
          placeholder="/media/brand/icons/phone.svg"
          hint="Optional: the address of a small picture."
          error={errors.menu_icon?.message}
          {...form.register('menu_icon', { setValueAs: blankToNull })}
        />
        {message ? <Alert>{message}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {link ? 'Save link' : 'Add link'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

type Deleting = { kind: 'group'; group: AdminFooterGroup } | { kind: 'link'; link: AdminFooterLink } | null;

function FooterEditor({
  menu,
  initial,
  onDirtyChange,
}: {
  menu: NavMenu;
  initial: AdminFooterGroup[];
  onDirtyChange: (dirty: boolean) => void;
}) {
  const [groups, setGroups] = useState(initial);
  const [base, setBase] = useState(initial);
  const both = (change: (groups: AdminFooterGroup[]) => AdminFooterGroup[]) => {
    setGroups(change);
    setBase(change);
  };
  const [dirty, setDirtyState] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const [busy, setBusy] = useState(false);
  const [editingGroup, setEditingGroup] = useState<{ group: AdminFooterGroup | null } | null>(null);
  const [editingLink, setEditingLink] = useState<{ groupId: number; link: AdminFooterLink | null } | null>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  // A group's delete takes its links as saved: with a new order unsaved, the screen and the shop would disagree.
  const askDelete = (target: Deleting) =>
    dirty ? setResult({ tone: 'error', text: 'Save the new order or undo it before deleting.' }) : setDeleting(target);
  const setDirty = (next: boolean) => {
    setDirtyState(next);
    onDirtyChange(next);
  };
  const reorder = (next: AdminFooterGroup[]) => {
    setGroups(next);
    setDirty(true);
    setResult(null);
  };

  const moveGroup = (from: number, to: number) => reorder(moved(groups, from, to));
  const moveLink = (groupIndex: number, from: number, to: number) => {
    const group = groups[groupIndex]!;
    const link = group.links[from]!;
    // Past the first or last link, it goes on into the group before or after.
    if (to < 0 && groupIndex > 0) {
      reorder(
        groups.map((g, i) =>
          i === groupIndex
            ? { ...g, links: g.links.filter((l) => l.id !== link.id) }
            : i === groupIndex - 1
              ? { ...g, links: [...g.links, link] }
              : g,
        ),
      );
    } else if (to >= group.links.length && groupIndex < groups.length - 1) {
      reorder(
        groups.map((g, i) =>
          i === groupIndex
            ? { ...g, links: g.links.filter((l) => l.id !== link.id) }
            : i === groupIndex + 1
              ? { ...g, links: [link, ...g.links] }
              : g,
        ),
      );
    } else if (to >= 0 && to < group.links.length) {
      reorder(groups.map((g, i) => (i === groupIndex ? { ...g, links: moved(g.links, from, to) } : g)));
    }
  };

  const saveOrder = async () => {
    setBusy(true);
    setResult(null);
    try {
      const body = { groups: groups.map((g) => ({ id: g.id, link_ids: g.links.map((l) => l.id) })) };
      const saved = (await api.put<{ data: AdminFooterGroup[] }>(`/content/footer/order/?menu=${menu}`, body)).data;
      setGroups(saved);
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
      if (deleting.kind === 'group') {
        const id = deleting.group.id;
        await api.delete(`/content/footer-groups/${id}/`);
        both((gs) => gs.filter((g) => g.id !== id));
        setResult({ tone: 'success', text: `“${deleting.group.title}” deleted.` });
      } else {
        const id = deleting.link.id;
        await api.delete(`/content/footer-links/${id}/`);
        both((gs) => gs.map((g) => ({ ...g, links: g.links.filter((l) => l.id !== id) })));
        setResult({ tone: 'success', text: `“${deleting.link.title}” deleted.` });
      }
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error) });
    } finally {
      setDeleting(null);
      setBusy(false);
    }
  };

  return (
    <Section
      title={`${MENU_LABELS[menu]} footer`}
      description="Groups of links at the bottom of every page. Drag by the handle or use the arrows (a link moved past the end of its group goes into the next one), then save the order."
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="secondary" onClick={() => setEditingGroup({ group: null })}>
            Add a group
          </Button>
          <div className="flex flex-wrap items-center gap-2">
            {dirty ? <span className="text-sm font-medium text-amber-700">Unsaved order</span> : null}
            <Button
              variant="ghost"
              disabled={!dirty || busy}
              onClick={() => {
                setGroups(base);
                setDirty(false);
              }}
            >
              Undo changes
            </Button>
            <Button disabled={!dirty || busy} onClick={() => void saveOrder()}>
              Save order
            </Button>
          </div>
        </div>
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
        {groups.length ? (
          <SortableList items={groups} label="Footer groups" nameOf={(group) => group.title} onMove={moveGroup}>
            {(group, groupIndex, handle) => (
              <div className="rounded-md border border-line bg-neutral-50 p-2" data-testid="footer-group" data-title={group.title}>
                <div className="flex flex-wrap items-center gap-1">
                  <DragHandle name={group.title} handle={handle} />
                  <h3 className="min-w-[9rem] flex-1 truncate text-sm font-semibold text-ink">{group.title}</h3>
                  <div className="ml-auto flex items-center gap-0.5">
                    <MoveButtons name={group.title} index={groupIndex} count={groups.length} onMove={(to) => moveGroup(groupIndex, to)} />
                    <Button variant="ghost" className="px-2! sm:px-3!" onClick={() => setEditingGroup({ group })}>
                      Rename
                    </Button>
                    <Button variant="ghost" className="px-2! text-red-700 sm:px-3!" onClick={() => askDelete({ kind: 'group', group })}>
                      Delete
                    </Button>
                  </div>
                </div>
                <div className="mt-2 space-y-2 pl-1 sm:pl-10">
                  {group.links.length ? (
                    <SortableList
                      items={group.links}
                      label={`Links of ${group.title}`}
                      nameOf={(link) => link.title}
                      onMove={(from, to) => moveLink(groupIndex, from, to)}
                    >
                      {(link, index, linkHandle) => (
                        <div
                          className="flex flex-wrap items-center gap-1 rounded-md border border-line bg-white py-1 pr-1"
                          data-testid="footer-link"
                        >
                          <DragHandle name={link.title} handle={linkHandle} />
                          <div className="min-w-[9rem] flex-1">
                            <p className="truncate text-sm font-medium text-ink">{link.title}</p>
                            <p className="truncate text-xs text-muted">{link.relative_url}</p>
                          </div>
                          <div className="ml-auto flex items-center gap-0.5">
                            <RowButton
                              label={`Move ${link.title} up`}
                              onClick={() => moveLink(groupIndex, index, index - 1)}
                              disabled={index === 0 && groupIndex === 0}
                            >
                              ↑
                            </RowButton>
                            <RowButton
                              label={`Move ${link.title} down`}
                              onClick={() => moveLink(groupIndex, index, index + 1)}
                              disabled={index === group.links.length - 1 && groupIndex === groups.length - 1}
                            >
                              ↓
                            </RowButton>
                            <Button variant="ghost" className="px-2! sm:px-3!" onClick={() => setEditingLink({ groupId: group.id, link })}>
                              Edit
                            </Button>
                            <Button
                              variant="ghost"
                              className="px-2! text-red-700 sm:px-3!"
                              onClick={() => askDelete({ kind: 'link', link })}
                            >
                              Delete
                            </Button>
                          </div>
                        </div>
                      )}
                    </SortableList>
                  ) : (
                    <p className="text-sm text-muted">No links yet.</p>
                  )}
                  <Button variant="ghost" onClick={() => setEditingLink({ groupId: group.id, link: null })}>
                    + Add a link to {group.title}
                  </Button>
                </div>
              </div>
            )}
          </SortableList>
        ) : (
          <p className="rounded-md border border-dashed border-line p-6 text-center text-sm text-muted">This footer has no groups yet.</p>
        )}
      </div>
      {editingGroup ? (
        <GroupDialog
          menu={menu}
          group={editingGroup.group}
          onClose={() => setEditingGroup(null)}
          onSaved={(saved) => {
            both((gs) =>
              gs.some((g) => g.id === saved.id)
                ? gs.map((g) => (g.id === saved.id ? { ...g, title: saved.title, title_bn: saved.title_bn } : g))
                : [...gs, saved],
            );
            setResult({ tone: 'success', text: `“${saved.title}” saved. The storefront shows it now.` });
            setEditingGroup(null);
          }}
        />
      ) : null}
      {editingLink ? (
        <LinkDialog
          groupId={editingLink.groupId}
          link={editingLink.link}
          onClose={() => setEditingLink(null)}
          onSaved={(saved) => {
            both((gs) =>
              gs.map((g) =>
                g.links.some((l) => l.id === saved.id)
                  ? { ...g, links: g.links.map((l) => (l.id === saved.id ? saved : l)) }
                  : g.id === saved.group_id && !editingLink.link
                    ? { ...g, links: [...g.links, saved] }
                    : g,
              ),
            );
            setResult({ tone: 'success', text: `“${saved.title}” saved. The storefront shows it now.` });
            setEditingLink(null);
          }}
        />
      ) : null}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={deleting?.kind === 'group' ? `Delete the group “${deleting.group.title}”?` : `Delete “${deleting?.link.title ?? ''}”?`}
        description={
          deleting?.kind === 'group' && deleting.group.links.length
            ? `Its ${deleting.group.links.length} link${deleting.group.links.length === 1 ? '' : 's'} go too.`
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

/** The footer of each menu: groups of links. */
export function FooterPage() {
  const { menu, groups } = useLoaderData<FooterData>();
  const [dirty, setDirty] = useState(false);
  useEffect(() => setDirty(false), [menu]);
  return (
    <div>
      <PageHeader title="Footer" description="The link groups at the bottom of the storefront, for each menu." />
      <MenuSwitcher menu={menu} label="Which footer" />
      <FooterEditor key={menu} menu={menu} initial={groups} onDirtyChange={setDirty} />
      <UnsavedChangesGuard dirty={dirty} />
    </div>
  );
}
