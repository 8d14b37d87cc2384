import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useController, useForm } from 'react-hook-form';
import { Link, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod';
import { AdminBlogPostInputSchema, type AdminBlogPost, type AdminBlogPostInput } from '@store/shared/admin-content';
import { IdParamSchema } from '@store/shared/input';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { PageHeader, Section, textLinkClass } from '../../../components/ui/page';
import { api } from '../../../lib/api';
import { apiErrorToForm } from '../../../lib/forms';
import { useMe } from '../../../lib/me';
import { ImageInput } from '../image-input';
import { useLeaveGuard } from '../leave-guard';
import { CharacterCount, CONTENT_STATUSES, type Notice, PreviewPane, PublishingSection, savedMessage, StateBadge } from '../shared';
import { postAddress } from './blog-list';
import { BilingualRichText } from '../../../components/ui/bilingual-rich-text';

type PostForm = z.input<typeof AdminBlogPostInputSchema>;
const FIELDS = [
  'slug',
  'title',
  'excerpt',
  'body_html',
  'title_bn',
  'excerpt_bn',
  'body_html_bn',
  'cover',
  'author',
  'meta_title',
  'meta_description',
  'status',
  'publish_at',
] as const;

export async function blogPostLoader({ request, params }: LoaderFunctionArgs): Promise<AdminBlogPost | null> {
  if (params.id === undefined) return null;
  const id = IdParamSchema.safeParse(params.id);
  if (!id.success) throw new Response('Not found', { status: 404 });
  return (await api.get<{ data: AdminBlogPost }>(`/content/blog-posts/${id.data}/`, request.signal)).data;
}

/** A new post is signed by the member writing it until they change the author. */
function toForm(post: AdminBlogPost | null, author = ''): PostForm {
  if (!post)
    return {
      slug: '',
      title: '',
      excerpt: '',
      body_html: '',
      title_bn: '',
      excerpt_bn: '',
      body_html_bn: '',
      cover: null,
      author,
      meta_title: '',
      meta_description: '',
      status: 'draft',
      publish_at: null,
    };
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    body_html: post.body_html,
    title_bn: post.title_bn,
    excerpt_bn: post.excerpt_bn,
    body_html_bn: post.body_html_bn,
    cover: post.cover,
    author: post.author,
    meta_title: post.meta_title,
    meta_description: post.meta_description,
    status: post.status,
    publish_at: post.state === 'scheduled' ? post.publish_at : null,
  };
}

export function BlogEditorPage() {
  const post = useLoaderData<AdminBlogPost | null>();
  return <BlogEditor key={post?.id ?? 'new'} initial={post} />;
}

/** A blog post: address, title, excerpt, cover, author, rich text, SEO, publishing, and its preview. */
function BlogEditor({ initial }: { initial: AdminBlogPost | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMe();
  const [saved, setSaved] = useState(initial);
  const [notice, setNotice] = useState<Notice | null>(() => {
    const text = (location.state as { notice?: string } | null)?.notice;
    return text ? { tone: 'success', text } : null;
  });
  const { register, control, formState, watch, handleSubmit, setError, reset } = useForm<PostForm, unknown, AdminBlogPostInput>({
    resolver: zodResolver(AdminBlogPostInputSchema),
    defaultValues: toForm(initial, me.name),
  });
  const guard = useLeaveGuard(formState.isDirty);
  const publishAt = useController({ control, name: 'publish_at' });

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const { data } = saved
        ? await api.patch<{ data: AdminBlogPost }>(`/content/blog-posts/${saved.id}/`, { ...values, updated_at: saved.updated_at })
        : await api.post<{ data: AdminBlogPost }>('/content/blog-posts/', values);
      const text = savedMessage(data.state, data.publish_at);
      if (!saved) {
        guard.allowLeave();
        await navigate(`/content/blog/${data.id}`, { replace: true, state: { notice: text } });
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
  const slug = watch('slug');
  return (
    <div>
      <PageHeader
        title={saved ? `Edit post: ${saved.title}` : 'New blog post'}
        description={
          saved ? `At ${postAddress(saved.slug)} on the storefront.` : 'A post starts as a draft: only staff see it until it is published.'
        }
        action={
          <div className="flex items-center gap-3">
            {saved ? <StateBadge state={saved.state} /> : null}
            <Link to="/content/blog" className={textLinkClass}>
              All posts
            </Link>
          </div>
        }
      />
      <form onSubmit={submit} noValidate aria-label="Blog post" className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Section title="Article">
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
                hint={`The post lives at ${postAddress(slug || 'address')}. Lowercase letters, digits and dashes.`}
                error={formState.errors.slug?.message}
                {...register('slug')}
              />
              <TextField label="Author" error={formState.errors.author?.message} {...register('author')} />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextAreaField
                  label="Excerpt"
                  rows={3}
                  hint={
                    <>
                      Shown on the blog list. <CharacterCount value={watch('excerpt')} max={500} />
                    </>
                  }
                  error={formState.errors.excerpt?.message}
                  {...register('excerpt')}
                />
                {/* Not "Bangla excerpt": the label would also answer to a lookup of "Excerpt". */}
                <TextAreaField
                  label="Bangla summary"
                  lang="bn"
                  rows={3}
                  hint={
                    <>
                      Empty: Bangla pages show the English excerpt. <CharacterCount value={watch('excerpt_bn')} max={500} />
                    </>
                  }
                  error={formState.errors.excerpt_bn?.message}
                  {...register('excerpt_bn')}
                />
              </div>
              <Controller
                control={control}
                name="cover"
                render={({ field, fieldState }) => (
                  <ImageInput
                    label="Cover picture"
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                    hint="Optional. Shown on the blog list and above the article."
                  />
                )}
              />
              <BilingualRichText
                control={control}
                english={{
                  name: 'body_html',
                  label: 'Body',
                  hint: 'The storefront keeps headings, paragraphs, lists, bold, italic and links.',
                }}
                bangla={{ name: 'body_html_bn', label: 'Bangla text', hint: 'Empty: Bangla pages show the English text.' }}
              />
            </div>
          </Section>
          <Section title="Search engines" description="What Google and shared links show. Empty: the title and the excerpt.">
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
              storeHref={postAddress(saved.slug)}
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
