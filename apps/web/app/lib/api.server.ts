import { data } from 'react-router';
import type { RouterContextProvider } from 'react-router';
import type { ApiResult } from '@store/shared/api';
import { apiClientContext } from '@store/shared/ssr-context';

/** A loader's API call: the data, or a thrown 404/5xx response the route's error boundary renders. */
export async function apiGet<T>(context: Readonly<RouterContextProvider>, path: string): Promise<T> {
  const result = await context.get(apiClientContext).get<T>(path);
  if (result.ok) return result.data;
  throw data(result.error, { status: result.status === 404 ? 404 : result.status >= 500 ? 502 : result.status });
}

/** For deferred, non-critical data: never throws. */
export async function apiTry<T>(context: Readonly<RouterContextProvider>, path: string): Promise<ApiResult<T>> {
  return context.get(apiClientContext).get<T>(path);
}
