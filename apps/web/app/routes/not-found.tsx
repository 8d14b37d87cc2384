import { data } from 'react-router';
import { NotFoundView } from '../features/shell/not-found-view';
import { pageTitle } from '../lib/seo';
import type { Route } from './+types/not-found';
import * as m from '@store/shared/i18n/messages';

/**
 * /404, and /{prefix}/404 for the configured locale or region prefix (LOCALE_PREFIX), answer with
 * a real 404 status. Any other /{x}/404 is an unknown path: the same page and status.
 */
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle(m.notfound_title()) }, { name: 'robots', content: 'noindex' }];

export default function NotFound() {
  return <NotFoundView />;
}
