import { data } from 'react-router';
import type { RouterContextProvider } from 'react-router';
import type { ApiResult } from '@store/shared/api';
import { apiClientContext } from '@store/shared/ssr-context';

/** A loader's API call: the data, or a thrown 404/5xx response the route's error boundary renders. */
export async function apiGet<T>(context: Readonly<RouterContextProvider>, path: string): Promise<T> {
  const result = await context.get(apiClientContext).get<T>(path);
  if (result.ok) return result.data;
  throw data(result.error, { status: pageStatus(result.status) });
}

/** The page's status for a failed API call: 404 and 503 (the database cannot answer: try again) pass through; other 5xx are the API's fault, 502. */
export function pageStatus(apiStatus: number): number {
  return apiStatus === 404 || apiStatus === 503 || apiStatus < 500 ? apiStatus : 502;
}

/** For deferred, non-critical data: never throws. */
export async function apiTry<T>(context: Readonly<RouterContextProvider>, path: string): Promise<ApiResult<T>> {
  return context.get(apiClientContext).get<T>(path);
}
