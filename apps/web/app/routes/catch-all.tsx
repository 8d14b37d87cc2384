import { data } from 'react-router';
import { NotFoundView } from '../features/shell/not-found-view';
import { pageTitle } from '../lib/seo';
import type { Route } from './+types/catch-all';
import * as m from '@store/shared/i18n/messages';

/** The last fallback: any path no other route knows is a branded 404 with a real 404 status. */
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.notfound_title()) }, { name: 'robots', content: 'noindex' }];

export default function CatchAll() {
  return <NotFoundView />;
}
