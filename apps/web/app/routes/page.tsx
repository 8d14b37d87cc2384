import { data } from 'react-router';
import type { Page } from '@store/shared/content';
import { ContentArticle } from '../components/layout/content-article';
import { apiGet } from '../lib/api.server';
import { pageTitle } from '../lib/seo';
import type { Route } from './+types/page';

const HANDLE = /^[a-z0-9-]{1,200}$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  // A malformed id is simply a page that does not exist.
  if (!HANDLE.test(params.id)) throw data(null, { status: 404 });
  const { data: page } = await apiGet<{ data: Page }>(context, `/pages/${params.id}/`);
  return page;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: pageTitle(loaderData.meta_title) }, { name: 'description', content: loaderData.meta_description }] : [];

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <ContentArticle title={loaderData.title} bodyHtml={loaderData.body_html} />;
}
