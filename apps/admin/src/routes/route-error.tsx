import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../lib/api';
import { errorMessage } from '../lib/forms';

function Problem({ title, body }: { title: string; body: string }) {
  return (
    <div className="mx-auto max-w-lg rounded-lg border border-line bg-white p-6 text-center shadow-xs">
      <h1 className="text-xl font-semibold text-ink">{title}</h1>
      <p className="mt-2 text-sm text-muted">{body}</p>
      <Link to="/" className="mt-4 inline-block text-sm font-medium text-brand hover:underline">
        Back to the start
      </Link>
    </div>
  );
}

/** A screen that failed to load: no access (403), not found, or the server's own message. */
export function RouteError() {
  const error = useRouteError();
  if (error instanceof ApiError && error.code === 'forbidden')
    return <Problem title="No access" body="Your role does not allow this screen. Ask the shop’s owner if you need it." />;
  if ((error instanceof ApiError && error.status === 404) || (isRouteErrorResponse(error) && error.status === 404)) return <NotFoundPage />;
  return <Problem title="Something went wrong" body={errorMessage(error)} />;
}

export function NotFoundPage() {
  return <Problem title="Page not found" body="There is no such screen in the back office." />;
}
