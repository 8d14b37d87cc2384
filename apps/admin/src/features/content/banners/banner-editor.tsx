import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod';
import {
  AdminBannerInputSchema,
  BANNER_AUDIENCES,
  BANNER_PLACEMENTS,
  type AdminBanner,
  type AdminBannerInput,
} from '@store/shared/admin-content';
import type { ProductImage } from '@store/shared/catalog';
import { DEPARTMENT_KEYS, type DepartmentKey } from '@store/shared/constants';
import { BANNER_DEVICES } from '@store/shared/content';
import { IdParamSchema } from '@store/shared/input';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { PageHeader, Section, textLinkClass } from '../../../components/ui/page';
import { api } from '../../../lib/api';
import { apiErrorToForm } from '../../../lib/forms';
import { ImageInput } from '../image-input';
import { useLeaveGuard } from '../leave-guard';
import { DateTimeField, StateBadge } from '../shared';
import {
  AUDIENCE_LABELS,
  DEPARTMENT_LABELS,
  DEVICE_LABELS,
  PLACEMENT_LABELS,
  departmentFromParam,
  departmentHome,
  departmentParam,
} from './labels';

/** The form holds no picture until one is uploaded; the schema then asks for it. */
type BannerForm = Omit<z.input<typeof AdminBannerInputSchema>, 'image'> & { image: ProductImage | null };
const FIELDS = [
  'department',
  'placement',
  'title',
  'subtitle',
  'title_bn',
  'subtitle_bn',
  'link_url',
  'image',
  'audience',
  'device',
  'starts_at',
  'ends_at',
  'position',
] as const;
export const PICTURE_REQUIRED = 'Upload the banner’s picture';

type BannerData = { banner: AdminBanner | null; department: DepartmentKey };

/** The banner being edited (from the list: the API has no single-banner read), or the department of a new one. */
export async function bannerLoader({ request, params }: LoaderFunctionArgs): Promise<BannerData> {
  const department = departmentFromParam(new URL(request.url).searchParams.get('department')) ?? '';
  if (params.id === undefined) return { banner: null, department };
  const id = IdParamSchema.safeParse(params.id);
  if (!id.success) throw new Response('Not found', { status: 404 });
  const banners = (await api.get<{ data: AdminBanner[] }>('/content/banners/', request.signal)).data;
  const banner = banners.find((b) => b.id === id.data);
  if (!banner) throw new Response('Not found', { status: 404 });
  return { banner, department: banner.department };
}

function toForm({ banner, department }: BannerData): BannerForm {
  if (!banner)
    return {
      department,
      placement: 'hero',
      title: '',
      subtitle: null,
      title_bn: '',
      subtitle_bn: '',
      link_url: '',
      image: null,
      audience: 'all',
      device: 'all',
      starts_at: null,
      ends_at: null,
      position: 0,
    };
  const { id: _id, state: _state, ...fields } = banner;
  return fields;
}

const resolver = zodResolver(AdminBannerInputSchema, {
  // A missing picture is a plain "required", not zod's type message.
  error: (issue) => (issue.path?.[0] === 'image' && issue.input == null ? PICTURE_REQUIRED : undefined),
}) as unknown as Resolver<BannerForm, unknown, AdminBannerInput>;

/** An empty number field is NaN, so the schema's message answers it (not a silent 0). */
const asNumber = { setValueAs: (v: string | number) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v)) };
/** An empty subtitle is none. */
const asOptionalText = { setValueAs: (v: string | null) => (v === null || v.trim() === '' ? null : v) };

export function BannerEditorPage() {
  const data = useLoaderData<BannerData>();
  return <BannerEditor key={data.banner?.id ?? 'new'} data={data} />;
}

/** A banner: where (department, placement, order), what (picture, title, subtitle, link), to whom, and when. */
function BannerEditor({ data }: { data: BannerData }) {
  const navigate = useNavigate();
  const { banner } = data;
  const [message, setMessage] = useState<string | null>(null);
  const { register, control, formState, handleSubmit, setError } = useForm<BannerForm, unknown, AdminBannerInput>({
    resolver,
    defaultValues: toForm(data),
  });
  const guard = useLeaveGuard(formState.isDirty);
  const submit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      const saved = banner
        ? (await api.patch<{ data: AdminBanner }>(`/content/banners/${banner.id}/`, { ...values, updated_at: banner.updated_at })).data
        : (await api.post<{ data: AdminBanner }>('/content/banners/', values)).data;
      const when =
        saved.state === 'scheduled'
          ? 'It is scheduled and shows from its start.'
          : saved.state === 'live'
            ? `It shows on the ${DEPARTMENT_LABELS[saved.department]} home page now.`
            : 'Its end has passed: shoppers do not see it.';
      guard.allowLeave();
      await navigate(`/content/banners?department=${departmentParam(saved.department)}`, {
        state: { notice: `Saved “${saved.title}”. ${when}` },
      });
    } catch (error) {
      setMessage(apiErrorToForm(error, setError, FIELDS) ?? 'Check the fields marked below.');
    }
  });
  const errors = formState.errors;
  return (
    <div>
      <PageHeader
        title={banner ? `Edit banner: ${banner.title}` : 'New banner'}
        description={
          banner
            ? `On the ${DEPARTMENT_LABELS[banner.department]} home page (${departmentHome(banner.department)}).`
            : 'A banner shows on its department’s home page inside its window, to the shoppers and screens chosen.'
        }
        action={
          <div className="flex items-center gap-3">
            {banner ? <StateBadge state={banner.state} /> : null}
            <Link to="/content/banners" className={textLinkClass}>
              All banners
            </Link>
          </div>
        }
      />
      <form onSubmit={submit} noValidate aria-label="Banner" className="space-y-6">
        <Section title="Picture and words">
          <div className="space-y-4">
            <Controller
              control={control}
              name="image"
              render={({ field, fieldState }) => (
                <ImageInput
                  label="Picture"
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  hint="Wide pictures work best (about 3:1); phones get a recomposed copy."
                />
              )}
            />
            {/* English and Bangla side by side on a wide screen, one under the other on a phone. */}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Title" error={errors.title?.message} {...register('title')} />
              <TextField
                label="Bangla title"
                lang="bn"
                hint="Shown on Bangla pages. Empty: they show the English title."
                error={errors.title_bn?.message}
                {...register('title_bn')}
              />
              <TextField label="Subtitle" hint="Optional." error={errors.subtitle?.message} {...register('subtitle', asOptionalText)} />
              <TextField
                label="Bangla subtitle"
                lang="bn"
                hint="Empty: Bangla pages show the English subtitle."
                error={errors.subtitle_bn?.message}
                {...register('subtitle_bn')}
              />
            </div>
            <TextField
              label="Link"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="/all-product or https://…"
              hint="Where a tap on the banner goes: a page of this shop (/…) or an https:// address."
              error={errors.link_url?.message}
              {...register('link_url')}
            />
          </div>
        </Section>
        <Section title="Where and to whom">
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Department" error={errors.department?.message} {...register('department')}>
              {DEPARTMENT_KEYS.map((key) => (
                <option key={key} value={key}>
                  {DEPARTMENT_LABELS[key]}
                </option>
              ))}
            </SelectField>
            <SelectField label="Placement" error={errors.placement?.message} {...register('placement')}>
              {BANNER_PLACEMENTS.map((p) => (
                <option key={p} value={p}>
                  {PLACEMENT_LABELS[p]}
                </option>
              ))}
            </SelectField>
            <SelectField label="Audience" error={errors.audience?.message} {...register('audience')}>
              {BANNER_AUDIENCES.map((a) => (
                <option key={a} value={a}>
                  {AUDIENCE_LABELS[a]}
                </option>
              ))}
            </SelectField>
            <SelectField label="Device" error={errors.device?.message} {...register('device')}>
              {BANNER_DEVICES.map((d) => (
                <option key={d} value={d}>
                  {DEVICE_LABELS[d]}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Position"
              type="number"
              inputMode="numeric"
              min={0}
              max={999}
              hint="Lower numbers come first within the placement."
              error={errors.position?.message}
              {...register('position', asNumber)}
            />
          </div>
        </Section>
        <Section
          title="When"
          description="The banner shows from its start until its end, in your device’s clock. Empty start: from now; empty end: no end."
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={control}
              name="starts_at"
              render={({ field, fieldState }) => (
                <DateTimeField
                  label="Starts"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="ends_at"
              render={({ field, fieldState }) => (
                <DateTimeField
                  label="Ends"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          </div>
        </Section>
        {message ? <Alert>{message}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Link to="/content/banners" className="inline-flex min-h-10 items-center px-4 text-sm font-semibold text-ink">
            Cancel
          </Link>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : 'Save banner'}
          </Button>
        </div>
      </form>
      {guard.dialog}
    </div>
  );
}
