import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod';
import { AdminBrandInputSchema, type AdminBrand, type AdminBrandInput, type BrandPageOption } from '@store/shared/admin-catalog-brands';
import { DEPARTMENT_KEYS } from '@store/shared/constants';
import { IdParamSchema } from '@store/shared/input';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { NoticeAndSave } from '../../../components/ui/save-box';
import { PageHeader, Section, textLinkClass } from '../../../components/ui/page';
import { Switch } from '../../../components/ui/switch';
import { api } from '../../../lib/api';
import { apiErrorToForm } from '../../../lib/forms';
import { DEPARTMENT_LABELS } from '../../content/banners/labels';
import { useLeaveGuard } from '../../content/leave-guard';
import { brandAddress } from './brands-list';

type BrandForm = z.input<typeof AdminBrandInputSchema>;
const FIELDS = ['name', 'handle', 'description', 'description_bn', 'department', 'luxury', 'page_handle'] as const;

type BrandData = { brand: AdminBrand | null; pages: BrandPageOption[] };

/** The brand being edited (null for a new one) and the pages a brand page may point at. */
export async function brandLoader({ request, params }: LoaderFunctionArgs): Promise<BrandData> {
  const pages = api.get<{ data: BrandPageOption[] }>('/catalog/brands/page-options/', request.signal);
  if (params.id === undefined) return { brand: null, pages: (await pages).data };
  const id = IdParamSchema.safeParse(params.id);
  if (!id.success) throw new Response('Not found', { status: 404 });
  const [brand, options] = await Promise.all([api.get<{ data: AdminBrand }>(`/catalog/brands/${id.data}/`, request.signal), pages]);
  return { brand: brand.data, pages: options.data };
}

function toForm(brand: AdminBrand | null): BrandForm {
  if (!brand) return { name: '', handle: '', description: '', description_bn: '', department: '', luxury: false, page_handle: null };
  return {
    name: brand.name,
    handle: brand.handle,
    description: brand.description,
    description_bn: brand.description_bn,
    department: brand.department,
    luxury: brand.luxury,
    page_handle: brand.page_handle,
  };
}

export function BrandEditorPage() {
  const { brand, pages } = useLoaderData<BrandData>();
  return <BrandEditor key={brand?.id ?? 'new'} initial={brand} pages={pages} />;
}

/** A brand: name, address, description, department, luxury, and its brand page. */
function BrandEditor({ initial, pages }: { initial: AdminBrand | null; pages: BrandPageOption[] }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [saved, setSaved] = useState(initial);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(() => {
    const text = (location.state as { notice?: string } | null)?.notice;
    return text ? { tone: 'success', text } : null;
  });
  const form = useForm<BrandForm, unknown, AdminBrandInput>({
    resolver: zodResolver(AdminBrandInputSchema),
    defaultValues: toForm(initial),
  });
  const { register, control, formState, watch, handleSubmit, setError, reset } = form;
  const guard = useLeaveGuard(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const { data } = saved
        ? await api.patch<{ data: AdminBrand }>(`/catalog/brands/${saved.id}/`, { ...values, updated_at: saved.updated_at })
        : await api.post<{ data: AdminBrand }>('/catalog/brands/', values);
      const text = `Saved. Shoppers see ${data.name} at ${brandAddress(data.handle)} now.`;
      if (!saved) {
        guard.allowLeave();
        await navigate(`/catalog/brands/${data.id}`, { replace: true, state: { notice: text } });
        return;
      }
      setSaved(data);
      reset(toForm(data));
      setNotice({ tone: 'success', text });
    } catch (error) {
      const message = apiErrorToForm(error, setError, FIELDS);
      setNotice({ tone: 'error', text: message ?? 'Check the fields marked below.' });
    }
  });

  const handle = watch('handle');
  return (
    <div>
      <PageHeader
        title={saved ? `Edit brand: ${saved.name}` : 'New brand'}
        description={
          saved
            ? `${saved.product_count} product${saved.product_count === 1 ? '' : 's'}, listed at ${brandAddress(saved.handle)}.`
            : 'The brand shows in the storefront’s brand list as soon as it is saved.'
        }
        action={
          <Link to="/catalog/brands" className={textLinkClass}>
            All brands
          </Link>
        }
      />
      <form onSubmit={submit} noValidate aria-label="Brand" className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Section title="Brand">
            <div className="space-y-4">
              <TextField label="Name" error={formState.errors.name?.message} {...register('name')} />
              <TextField
                label="Address"
                autoCapitalize="none"
                spellCheck={false}
                hint={`Its products are listed at ${brandAddress(handle || 'address')}. Lowercase letters, digits and dashes.`}
                error={formState.errors.handle?.message}
                {...register('handle')}
              />
              {/* English and Bangla side by side on a wide screen, one under the other on a phone. Not "Bangla
                  description": that label would also answer to a lookup of "Description". */}
              <div className="grid gap-4 sm:grid-cols-2">
                <TextAreaField label="Description" rows={4} error={formState.errors.description?.message} {...register('description')} />
                <TextAreaField
                  label="Bangla text"
                  lang="bn"
                  rows={4}
                  hint="The description on Bangla pages. Empty: they show the English description."
                  error={formState.errors.description_bn?.message}
                  {...register('description_bn')}
                />
              </div>
            </div>
          </Section>
        </div>
        <div className="min-w-0 space-y-6">
          <Section title="Where it shows">
            <div className="space-y-4">
              <SelectField label="Department" error={formState.errors.department?.message} {...register('department')}>
                {DEPARTMENT_KEYS.map((key) => (
                  <option key={key} value={key}>
                    {DEPARTMENT_LABELS[key]}
                  </option>
                ))}
              </SelectField>
              <Controller
                control={control}
                name="page_handle"
                render={({ field, fieldState }) => (
                  <SelectField
                    label="Brand page"
                    hint="A content page about the brand, linked from its listing. Pages are written under Content › Pages."
                    error={fieldState.error?.message}
                    name={field.name}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value || null)}
                    onBlur={field.onBlur}
                  >
                    <option value="">None</option>
                    {pages.map((page) => (
                      <option key={page.handle} value={page.handle}>
                        {page.title} (/page/{page.handle})
                      </option>
                    ))}
                  </SelectField>
                )}
              />
              <Controller
                control={control}
                name="luxury"
                render={({ field }) => <Switch label="Luxury brand" checked={field.value} onCheckedChange={field.onChange} />}
              />
              <NoticeAndSave notice={notice} submitting={formState.isSubmitting} />
            </div>
          </Section>
        </div>
      </form>
      {guard.dialog}
    </div>
  );
}
