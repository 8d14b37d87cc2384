import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, type Path } from 'react-hook-form';
import {
  AdminNavItemFormSchema,
  NAV_ITEM_TYPES,
  type AdminNavItem,
  type AdminNavItemForm,
  type NavItemType,
  type NavMenu,
} from '@store/shared/admin-navigation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { ImageField } from '../../../components/ui/image-field';
import { Switch } from '../../../components/ui/switch';
import { api } from '../../../lib/api';
import { apiErrorToForm } from '../../../lib/forms';
import { blankToNull } from './ordering';

const TYPE_LABELS: Record<NavItemType, string> = {
  Link: 'Link',
  BrandPage: 'Brand page',
  FilteredPage: 'Product list (filtered)',
  ContentPage: 'Content page or blog',
};

const asNumber = { setValueAs: (v: string) => (v === '' ? Number.NaN : Number(v)) };

/** The first message anywhere in a field's errors (an array's items carry their own). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const value of Object.values(error)) {
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

/** What sits at a path of an errors object (the promote entries are a union: each type has its own fields). */
const at = (errors: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), errors);

const BLANK: AdminNavItemForm = {
  title: '',
  title_bn: '',
  relative_url: null,
  external_url: null,
  redirect_url: null,
  page: null,
  menu_color: null,
  menu_link_icon: null,
  disable_url: false,
  type: 'Link',
  visible_only_to_logged_in_users: false,
  open_in_new_tab: false,
  products_headline: null,
  promote: [],
};

function formValues(item: AdminNavItem | null): AdminNavItemForm {
  if (!item) return BLANK;
  const { id: _id, menu: _menu, parent_id: _parent, position: _position, children: _children, ...fields } = item;
  return fields;
}

const FIELD_NAMES = Object.keys(BLANK) as Path<AdminNavItemForm>[];

export type EditTarget = { item: AdminNavItem | null; parentId: number | null };

/**
 * Adds or edits one menu item: every field of SPEC §3, checked by the shared schema here and again
 * by the API (whose field messages land under the same fields). Saved at once; where it sits is the
 * tree's business.
 */
export function ItemEditor({
  menu,
  target,
  onClose,
  onSaved,
}: {
  menu: NavMenu;
  target: EditTarget;
  onClose: () => void;
  onSaved: (item: AdminNavItem, created: boolean) => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<AdminNavItemForm>({ resolver: zodResolver(AdminNavItemFormSchema), defaultValues: formValues(target.item) });
  const { register, control, formState, watch, setValue, handleSubmit, setError } = form;
  const promote = useFieldArray({ control, name: 'promote' });
  const errors = formState.errors;
  const colour = watch('menu_color');

  const close = () => {
    if (formState.isDirty && !window.confirm('Discard the changes to this item?')) return;
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      const saved = target.item
        ? (await api.patch<{ data: AdminNavItem }>(`/content/menu-items/${target.item.id}/`, values)).data
        : (await api.post<{ data: AdminNavItem }>('/content/menu-items/', { ...values, menu, parent_id: target.parentId })).data;
      onSaved(saved, !target.item);
    } catch (error) {
      setMessage(apiErrorToForm(error, setError, [...FIELD_NAMES, 'promote' as Path<AdminNavItemForm>]));
    }
  });

  const nullable = { setValueAs: blankToNull };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title={target.item ? `Edit “${target.item.title}”` : target.parentId ? 'Add an item under it' : 'Add a menu item'}
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Menu item">
        {/* English and Bangla side by side on a wide screen, one under the other on a phone. Not "Bangla title": that
            label would also answer to a lookup of "Title". */}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Title" error={errors.title?.message} {...register('title')} />
          <TextField
            label="Bangla name"
            lang="bn"
            hint="The title on Bangla pages. Empty: they show the English title."
            error={errors.title_bn?.message}
            {...register('title_bn')}
          />
        </div>
        <SelectField label="Type" error={errors.type?.message} {...register('type')}>
          {NAV_ITEM_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <fieldset className="space-y-3 rounded-md border border-line p-3">
          <legend className="px-1 text-sm font-semibold text-ink">Where it leads</legend>
          <TextField
            label="Relative address"
            placeholder="/all-product/?category=serum"
            hint="A page of this shop, starting with /."
            error={errors.relative_url?.message}
            {...register('relative_url', nullable)}
          />
          <TextField
            label="External address"
            placeholder="https://"
            hint="Another site, starting with https://. It wins over the relative address."
            error={errors.external_url?.message}
            {...register('external_url', nullable)}
          />
          <TextField
            label="Redirect to"
            placeholder="/sale"
            hint="Sends the shopper here instead of every address above."
            error={errors.redirect_url?.message}
            {...register('redirect_url', nullable)}
          />
          <TextField
            label="Content page handle"
            placeholder="about-us"
            hint="Opens /page/<handle> when no address is given."
            error={errors.page?.message}
            {...register('page', nullable)}
          />
          <Controller
            control={control}
            name="disable_url"
            render={({ field }) => <Switch label="No link (a heading)" checked={field.value} onCheckedChange={field.onChange} />}
          />
          <Controller
            control={control}
            name="open_in_new_tab"
            render={({ field }) => <Switch label="Open in a new tab" checked={field.value} onCheckedChange={field.onChange} />}
          />
          <Controller
            control={control}
            name="visible_only_to_logged_in_users"
            render={({ field }) => <Switch label="Only for signed-in shoppers" checked={field.value} onCheckedChange={field.onChange} />}
          />
        </fieldset>
        <fieldset className="space-y-3 rounded-md border border-line p-3">
          <legend className="px-1 text-sm font-semibold text-ink">Look</legend>
          <div className="flex items-end gap-2">
            <div className="flex-1">
              <TextField label="Colour" placeholder="#c2185b" error={errors.menu_color?.message} {...register('menu_color', nullable)} />
            </div>
            <input
              type="color"
              aria-label="Colour picker"
              value={colour && /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : '#1f1f1f'}
              onChange={(e) => setValue('menu_color', e.target.value, { shouldDirty: true, shouldValidate: true })}
              className="mb-0.5 h-10 w-12 cursor-pointer rounded border border-line bg-white"
            />
          </div>
          <TextField
            label="Icon"
            placeholder="/media/brand/icons/offer.svg"
            hint="The address of a small picture shown before the title."
            error={errors.menu_link_icon?.message}
            {...register('menu_link_icon', nullable)}
          />
        </fieldset>
        <fieldset className="space-y-3 rounded-md border border-line p-3">
          <legend className="px-1 text-sm font-semibold text-ink">Promote (mega-menu)</legend>
          <TextField
            label="Headline over its products"
            error={errors.products_headline?.message}
            {...register('products_headline', nullable)}
          />
          {promote.fields.map((entry, index) => {
            const entryErrors = errors.promote?.[index];
            const type = watch(`promote.${index}.type`);
            return (
              <div key={entry.id} className="space-y-3 rounded-md bg-neutral-50 p-3" data-testid="promote-entry">
                <div className="flex items-center justify-between gap-2">
                  <p className="text-sm font-semibold text-ink">{type === 'product' ? 'Products' : 'A promoted page'}</p>
                  <Button variant="ghost" onClick={() => promote.remove(index)}>
                    Remove
                  </Button>
                </div>
                {type === 'product' ? (
                  <>
                    <TextField
                      label="Headline"
                      error={firstMessage(at(entryErrors, 'headline'))}
                      {...register(`promote.${index}.headline`)}
                    />
                    <Controller
                      control={control}
                      name={`promote.${index}.product_handles`}
                      render={({ field, fieldState }) => (
                        <TextAreaField
                          label="Product handles"
                          rows={3}
                          hint="One per line, as in the product's address: /product/<handle>."
                          defaultValue={(field.value ?? []).join('\n')}
                          onChange={(e) => field.onChange(e.target.value.split(/[\s,]+/).filter(Boolean))}
                          onBlur={field.onBlur}
                          name={field.name}
                          ref={field.ref}
                          error={firstMessage(fieldState.error)}
                        />
                      )}
                    />
                  </>
                ) : (
                  <>
                    <TextField label="Title" error={firstMessage(at(entryErrors, 'title'))} {...register(`promote.${index}.title`)} />
                    <TextField
                      label="Page address"
                      placeholder="/blog/… or https://…"
                      error={firstMessage(at(entryErrors, 'page'))}
                      {...register(`promote.${index}.page`)}
                    />
                    <Controller
                      control={control}
                      name={`promote.${index}.image.url`}
                      render={({ field, fieldState }) => (
                        <ImageField
                          label="Picture"
                          value={field.value || null}
                          onChange={(image) => field.onChange(image ? image.webp : '')}
                          error={fieldState.error?.message}
                        />
                      )}
                    />
                    <div className="grid grid-cols-2 gap-3">
                      <TextField
                        label="Width (px)"
                        type="number"
                        error={firstMessage(at(entryErrors, 'image', 'custom_width'))}
                        {...register(`promote.${index}.image.custom_width`, asNumber)}
                      />
                      <TextField
                        label="Height (px)"
                        type="number"
                        error={firstMessage(at(entryErrors, 'image', 'custom_height'))}
                        {...register(`promote.${index}.image.custom_height`, asNumber)}
                      />
                    </div>
                    <Controller
                      control={control}
                      name={`promote.${index}.open_in_new_tab`}
                      render={({ field }) => <Switch label="Open in a new tab" checked={field.value} onCheckedChange={field.onChange} />}
                    />
                  </>
                )}
              </div>
            );
          })}
          {errors.promote?.message ? <p className="text-sm text-red-700">{errors.promote.message}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => promote.append({ type: 'product', headline: '', product_handles: [] })}>
              Add products
            </Button>
            <Button
              variant="secondary"
              onClick={() =>
                promote.append({
                  type: 'promote_page_for_menu',
                  title: '',
                  page: '',
                  image: { url: '', custom_width: 300, custom_height: 200 },
                  open_in_new_tab: false,
                })
              }
            >
              Add a promoted page
            </Button>
          </div>
        </fieldset>
        {message ? <Alert>{message}</Alert> : null}
        <div className="sticky -bottom-5 -mx-5 -mb-5 flex justify-end gap-2 border-t border-line bg-white px-5 py-3">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : target.item ? 'Save item' : 'Add item'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
