import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Link, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod';
import { AdminPageInputSchema, type AdminPage, type AdminPageInput } from '@store/shared/admin-content';
import { IdParamSchema } from '@store/shared/input';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { PageHeader, Section, textLinkClass } from '../../../components/ui/page';
import { api } from '../../../lib/api';
import { apiErrorToForm } from '../../../lib/forms';
import { useLeaveGuard } from '../leave-guard';
import { CharacterCount, CONTENT_STATUSES, type Notice, PreviewPane, PublishingSection, savedMessage, StateBadge } from '../shared';
import { pageAddress } from './pages-list';
import { BilingualRichText } from '../../../components/ui/bilingual-rich-text';

type PageForm = z.input<typeof AdminPageInputSchema>;
const FIELDS = [
  'handle',
  'title',
  'body_html',
  'title_bn',
  'body_html_bn',
  'meta_title',
  'meta_description',
  'status',
  'publish_at',
] as const;

/** The page being edited (null for a new one). */
export async function pageLoader({ request, params }: LoaderFunctionArgs): Promise<AdminPage | null> {
  if (params.id === undefined) return null;
  const id = IdParamSchema.safeParse(params.id);
  if (!id.success) throw new Response('Not found', { status: 404 });
  return (await api.get<{ data: AdminPage }>(`/content/pages/${id.data}/`, request.signal)).data;
}

/** The form's values for a stored page: "Publish at" shows only a time still to come. */
function toForm(page: AdminPage | null): PageForm {
  if (!page)
    return {
      handle: '',
      title: '',
      body_html: '',
      title_bn: '',
      body_html_bn: '',
      meta_title: '',
      meta_description: '',
      status: 'draft',
      publish_at: null,
    };
  return {
    handle: page.handle,
    title: page.title,
    body_html: page.body_html,
    title_bn: page.title_bn,
    body_html_bn: page.body_html_bn,
    meta_title: page.meta_title,
    meta_description: page.meta_description,
    status: page.status,
    publish_at: page.state === 'scheduled' ? page.publish_at : null,
  };
}

export function PageEditorPage() {
  const page = useLoaderData<AdminPage | null>();
  return <PageEditor key={page?.id ?? 'new'} initial={page} />;
}

/** A page: address, title, rich text, SEO, draft or published (now or at a time), and its preview. */
function PageEditor({ initial }: { initial: AdminPage | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [saved, setSaved] = useState(initial);
  const [notice, setNotice] = useState<Notice | null>(() => {
    const text = (location.state as { notice?: string } | null)?.notice;
    return text ? { tone: 'success', text } : null;
  });
  const form = useForm<PageForm, unknown, AdminPageInput>({
    resolver: zodResolver(AdminPageInputSchema),
    defaultValues: toForm(initial),
  });
  const { register, control, formState, watch, handleSubmit, setError, reset } = form;
  const guard = useLeaveGuard(formState.isDirty);
  const publishAt = useController({ control, name: 'publish_at' });

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const { data } = saved
        ? await api.patch<{ data: AdminPage }>(`/content/pages/${saved.id}/`, { ...values, updated_at: saved.updated_at })
        : await api.post<{ data: AdminPage }>('/content/pages/', values);
      const text = savedMessage(data.state, data.publish_at);
      if (!saved) {
        guard.allowLeave();
        await navigate(`/content/pages/${data.id}`, { replace: true, state: { notice: text } });
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

  const status = watch('status');
  const handle = watch('handle');
  return (
    <div>
      <PageHeader
        title={saved ? `Edit page: ${saved.title}` : 'New page'}
        description={
          saved
            ? `At ${pageAddress(saved.handle)} on the storefront.`
            : 'A page starts as a draft: only staff see it until it is published.'
        }
        action={
          <div className="flex items-center gap-3">
            {saved ? <StateBadge state={saved.state} /> : null}
            <Link to="/content/pages" className={textLinkClass}>
              All pages
            </Link>
          </div>
        }
      />
      <form onSubmit={submit} noValidate aria-label="Page" className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Section title="Content">
            <div className="space-y-4">
              {/* English and Bangla side by side on a wide screen, one under the other on a phone. */}
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="Title" error={formState.errors.title?.message} {...register('title')} />
                <TextField
                  label="Bangla title"
                  lang="bn"
                  hint="Shown on Bangla pages. Empty: they show the English title."
                  error={formState.errors.title_bn?.message}
                  {...register('title_bn')}
                />
              </div>
              <TextField
                label="Address"
                autoCapitalize="none"
                spellCheck={false}
                hint={`The page lives at ${pageAddress(handle || 'address')}. Lowercase letters, digits and dashes.`}
                error={formState.errors.handle?.message}
                {...register('handle')}
              />
              <BilingualRichText
                control={control}
                english={{
                  name: 'body_html',
                  label: 'Body',
                  hint: 'The storefront keeps headings, paragraphs, lists, bold, italic and links. {{free_delivery}} and the other rule words are filled in.',
                }}
                bangla={{ name: 'body_html_bn', label: 'Bangla text', hint: 'Empty: Bangla pages show the English text.' }}
              />
            </div>
          </Section>
          <Section title="Search engines" description="What Google and shared links show. Empty: the title and no description.">
            <div className="space-y-4">
              <TextField
                label="SEO title"
                hint={<CharacterCount value={watch('meta_title')} max={70} />}
                error={formState.errors.meta_title?.message}
                {...register('meta_title')}
              />
              <TextAreaField
                label="SEO description"
                rows={3}
                hint={<CharacterCount value={watch('meta_description')} max={320} />}
                error={formState.errors.meta_description?.message}
                {...register('meta_description')}
              />
            </div>
          </Section>
        </div>
        <div className="min-w-0 space-y-6">
          <PublishingSection
            status={status}
            statuses={CONTENT_STATUSES}
            statusField={register('status')}
            statusError={formState.errors.status?.message}
            live={CONTENT_STATUSES[1]!}
            publishAt={{ ...publishAt.field, error: publishAt.fieldState.error?.message }}
            notice={notice}
            submitting={formState.isSubmitting}
          />
          {saved ? (
            <PreviewPane
              title={saved.title}
              html={saved.body_html}
              storeHref={pageAddress(saved.handle)}
              state={saved.state}
              dirty={formState.isDirty}
            />
          ) : null}
        </div>
      </form>
      {guard.dialog}
    </div>
  );
}
