import { data } from 'react-router';
import type { BlogPost } from '@store/shared/content';
import { ContentArticle } from '../components/layout/content-article';
import { apiGet } from '../lib/api.server';
import { formatDate } from '../lib/dates';
import { pageTitle } from '../lib/seo';
import type { Route } from './+types/blog-post';
import * as m from '@store/shared/i18n/messages';

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^[a-z0-9-]{1,200}$/.test(params.slug)) throw data(null, { status: 404 });
  const { data: post } = await apiGet<{ data: BlogPost }>(context, `/blogs/${params.slug}/`);
  return post;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: pageTitle(loaderData.title) },
        { name: 'description', content: loaderData.excerpt },
        { property: 'og:type', content: 'article' },
        { property: 'og:title', content: loaderData.title },
        ...(loaderData.image ? [{ property: 'og:image', content: loaderData.image.original }] : []),
      ]
    : [];

export default function BlogPostPage({ loaderData: post }: Route.ComponentProps) {
  return (
    <ContentArticle title={post.title} bodyHtml={post.body_html} crumbs={[{ href: '/blog', label: m.blog_crumb() }]}>
      <p className="mt-3 text-sm text-muted">
        <time dateTime={post.published_at}>{formatDate(post.published_at)}</time> · By {post.author}
      </p>
      {post.image ? (
        <picture>
          <source media="(max-width: 767px)" type="image/webp" srcSet={post.image.mobile} />
          <source type="image/webp" srcSet={post.image.webp} />
          <img
            src={post.image.original}
            alt={post.image.alt}
            width={post.image.width}
            height={post.image.height}
            fetchPriority="high"
            className="mt-6 h-auto w-full rounded-2xl bg-brand-soft object-cover"
          />
        </picture>
      ) : null}
      <p className="mt-6 text-lg leading-relaxed text-neutral-700">{post.excerpt}</p>
    </ContentArticle>
  );
}
