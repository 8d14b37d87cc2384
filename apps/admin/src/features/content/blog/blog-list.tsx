import { useMemo } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { AdminBlogPost } from '@store/shared/admin-content';
import { buttonClass } from '../../../components/ui/button';
import { DataTable, listColumns } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page';
import { api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { StateBadge } from '../shared';

export async function blogPostsLoader({ request }: LoaderFunctionArgs): Promise<AdminBlogPost[]> {
  return (await api.get<{ data: AdminBlogPost[] }>('/content/blog-posts/', request.signal)).data;
}

/** Where a post lives on the storefront (the list is /blogs). */
export const postAddress = (slug: string) => `/blog/${slug}`;

const column = listColumns<AdminBlogPost>();

/** Every blog post, drafts and scheduled ones too, newest edit first. */
export function BlogListPage() {
  const posts = useLoaderData<AdminBlogPost[]>();
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('title', {
          header: 'Title',
          cell: ({ row }) => (
            <div className="flex min-w-48 items-center gap-3">
              {row.original.cover ? (
                <img src={row.original.cover.mobile} alt="" className="size-10 shrink-0 rounded object-cover max-sm:hidden" />
              ) : null}
              <div className="min-w-0">
                <Link to={`/content/blog/${row.original.id}`} className="font-medium text-brand underline-offset-2 hover:underline">
                  {row.original.title}
                </Link>
                <div className="font-mono text-xs break-all text-muted">{postAddress(row.original.slug)}</div>
              </div>
            </div>
          ),
        }),
        column.accessor('author', { header: 'Author' }),
        column.accessor('state', {
          header: 'State',
          cell: ({ row }) => (
            <div className="space-y-0.5">
              <StateBadge state={row.original.state} />
              {row.original.state === 'scheduled' ? (
                <div className="text-xs text-muted">{formatDateTime(row.original.publish_at)}</div>
              ) : null}
            </div>
          ),
        }),
        column.accessor('updated_at', { header: 'Updated', cell: ({ getValue }) => formatDateTime(getValue()) }),
      ]),
    [],
  );
  return (
    <div>
      <PageHeader
        title="Blog"
        description="Articles of the storefront's blog (/blogs): write, preview, publish or schedule."
        action={
          <Link to="/content/blog/new" className={buttonClass()}>
            New post
          </Link>
        }
      />
      <DataTable columns={columns} data={posts} caption="Blog posts" empty="No posts yet." />
    </div>
  );
}
