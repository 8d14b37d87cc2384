import { hrefHere } from '../lib/locale';
import { Link, data } from 'react-router';
import type { BlogPostSummary } from '@store/shared/content';
import { apiGet } from '../lib/api.server';
import { pagePathname, pageUrl } from '../lib/request-path';
import { formatDate } from '../lib/dates';
import { pageTitle } from '../lib/seo';
import type { Route } from './+types/blog-list';
import * as m from '@store/shared/i18n/messages';
import { formatCount } from '../lib/format';

type BlogList = { count: number; page: number; page_size: number; results: BlogPostSummary[] };

/** A featured article and a row of three on the first page. */
const PAGE_SIZE = 4;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const raw = url.searchParams.get('page') ?? '1';
  const page = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(page >= 1)) throw data(null, { status: 404 });
  const list = await apiGet<BlogList>(context, `/blogs/?page=${page}&page_size=${PAGE_SIZE}`);
  const pages = Math.max(1, Math.ceil(list.count / list.page_size));
  if (page > pages) throw data(null, { status: 404 });
  // /blog and /blogs show the same list: /blog is the canonical address.
  const canonical = `${url.origin}${hrefHere(`/blog${page > 1 ? `?page=${page}` : ''}`)}`;
  return { ...list, pages, basePath: pagePathname(request).replace(/\/$/, ''), canonical };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  return [
    { title: pageTitle(loaderData.page > 1 ? m.meta_blog_title_page({ page: formatCount(loaderData.page) }) : m.blog_title()) },
    {
      name: 'description',
      content: m.meta_blog_description(),
    },
    { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
  ];
};

/** Cards show the mobile rendition everywhere; the featured picture only on phones. */
function Picture({ post, eager, small, className }: { post: BlogPostSummary; eager: boolean; small: boolean; className: string }) {
  if (!post.image) return null;
  return (
    <picture>
      {small ? (
        <source type="image/webp" srcSet={post.image.mobile} />
      ) : (
        <source media="(max-width: 767px)" type="image/webp" srcSet={post.image.mobile} />
      )}
      <source type="image/webp" srcSet={post.image.webp} />
      <img
        src={post.image.original}
        alt=""
        width={post.image.width}
        height={post.image.height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  );
}

function Byline({ post }: { post: BlogPostSummary }) {
  return (
    <p className="text-xs text-muted">
      <time dateTime={post.published_at}>{formatDate(post.published_at)}</time> · {post.author}
    </p>
  );
}

function Featured({ post }: { post: BlogPostSummary }) {
  return (
    <article className="group mt-10 overflow-hidden rounded-2xl bg-white ring-1 ring-line transition hover:shadow-lg lg:grid lg:grid-cols-[1.35fr_1fr]">
      <Link
        to={`/blog/${post.slug}`}
        tabIndex={-1}
        aria-hidden="true"
        className="block aspect-[16/10] overflow-hidden bg-brand-soft lg:aspect-auto"
      >
        <Picture
          post={post}
          eager
          small={false}
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
      </Link>
      <div className="flex flex-col justify-center p-6 lg:p-10">
        <p className="mb-3 text-xs font-bold uppercase tracking-widest text-brand">{m.blog_latest()}</p>
        <Byline post={post} />
        <h2 className="mt-2 font-serif text-2xl font-semibold leading-snug text-ink lg:text-3xl">
          <Link to={`/blog/${post.slug}`} className="hover:text-brand">
            {post.title}
          </Link>
        </h2>
        <p className="mt-3 text-neutral-600">{post.excerpt}</p>
        <Link to={`/blog/${post.slug}`} className="mt-5 text-sm font-semibold text-brand" aria-label={`Read more: ${post.title}`}>
          Read more →
        </Link>
      </div>
    </article>
  );
}

function Card({ post, eager }: { post: BlogPostSummary; eager: boolean }) {
  return (
    <li>
      <article className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-line transition hover:shadow-lg">
        <Link to={`/blog/${post.slug}`} tabIndex={-1} aria-hidden="true" className="block aspect-[16/10] overflow-hidden bg-brand-soft">
          <Picture
            post={post}
            eager={eager}
            small
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        </Link>
        <div className="flex flex-1 flex-col p-5">
          <Byline post={post} />
          <h2 className="mt-2 font-serif text-xl font-semibold leading-snug text-ink">
            <Link to={`/blog/${post.slug}`} className="hover:text-brand">
              {post.title}
            </Link>
          </h2>
          <p className="mt-2 line-clamp-3 flex-1 text-sm text-neutral-600">{post.excerpt}</p>
          <Link to={`/blog/${post.slug}`} className="mt-4 text-sm font-semibold text-brand" aria-label={`Read more: ${post.title}`}>
            Read more →
          </Link>
        </div>
      </article>
    </li>
  );
}

function Pagination({ page, pages, basePath }: { page: number; pages: number; basePath: string }) {
  if (pages <= 1) return null;
  const href = (n: number) => (n === 1 ? basePath : `${basePath}?page=${n}`);
  const cls = 'flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium';
  return (
    <nav aria-label={m.pagination()} className="mt-10 flex items-center justify-center gap-1.5">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={`${cls} text-ink ring-1 ring-line hover:ring-brand`}>
          {m.blog_newer()}
        </Link>
      ) : null}
      {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
        <Link
          key={n}
          to={href(n)}
          aria-current={n === page ? 'page' : undefined}
          className={`${cls} ${n === page ? 'bg-brand text-white' : 'text-ink hover:bg-neutral-100'}`}
        >
          {formatCount(n)}
        </Link>
      ))}
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className={`${cls} text-ink ring-1 ring-line hover:ring-brand`}>
          {m.blog_older()}
        </Link>
      ) : null}
    </nav>
  );
}

export default function BlogListPage({ loaderData }: Route.ComponentProps) {
  const { results, page, pages, basePath } = loaderData;
  const featured = page === 1 ? results[0] : undefined;
  const rest = featured ? results.slice(1) : results;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 lg:px-6 lg:py-12">
      <header className="mx-auto max-w-2xl text-center">
        <p className="text-xs font-bold uppercase tracking-[0.2em] text-brand">{m.blog_kicker()}</p>
        <h1 className="mt-2 font-serif text-3xl font-semibold text-ink lg:text-4xl">{m.blog_title()}</h1>
        <p className="mt-3 text-neutral-600">{m.blog_intro()}</p>
      </header>
      {featured ? <Featured post={featured} /> : null}
      {rest.length ? (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {rest.map((post) => (
            <Card key={post.slug} post={post} eager={!featured} />
          ))}
        </ul>
      ) : null}
      {results.length ? null : <p className="mt-12 text-center text-neutral-600">{m.blog_none()}</p>}
      <Pagination page={page} pages={pages} basePath={basePath} />
    </main>
  );
}
