import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiResult } from '@store/shared/api';
import { apiClientContext } from '@store/shared/ssr-context';
import { loader } from './root';
import type { RootData } from './lib/root-data';

type LoaderArgs = Parameters<typeof loader>[0];
/** What data() hands back: the value and the response's init. */
type WithInit = { type: 'DataWithResponseInit'; data: unknown; init: { status?: number; headers?: Record<string, string> } | null };

/** An API with the shell's answers, under maintenance or not, and a preview check that answers `preview`. */
function shellApi(maintenance: boolean, preview: boolean | 'fails') {
  const asked: string[] = [];
  const ok = <T>(data: T): ApiResult<T> => ({ ok: true, status: 200, data });
  const answers: Record<string, unknown> = {
    '/site-config/': {
      data: {
        logo: null,
        nav: [],
        highlight_message: null,
        footer: [],
        basicSettings: { site_under_maintenance: maintenance, logo: null, logo_logged: null, colours: {} },
      },
    },
    '/public-config/': {
      data: { support_email: 'care@example.com', support_phone: '+8809610001010', site_under_maintenance: maintenance },
    },
    '/me/': { data: null },
    '/store-locations/': { data: [] },
    '/cart/count/': { data: { count: 0 } },
    '/staff-preview/': { data: { preview: preview === true } },
  };
  const client: ApiClient = {
    async get<T>(path: string): Promise<ApiResult<T>> {
      const route = path.split('?')[0]!;
      asked.push(route);
      if (route === '/staff-preview/' && preview === 'fails')
        return { ok: false, status: 503, error: { code: 'unavailable', message: 'down' } };
      return ok(answers[route] as T);
    },
  };
  return { client, asked };
}

async function load(maintenance: boolean, preview: boolean | 'fails') {
  const api = shellApi(maintenance, preview);
  const context = new RouterContextProvider();
  context.set(apiClientContext, api.client);
  const args = { request: new Request('http://shop.test/'), context, params: {} } as unknown as LoaderArgs;
  try {
    return { result: (await loader(args)) as RootData | WithInit, asked: api.asked };
  } catch (thrown) {
    return { thrown: thrown as WithInit, asked: api.asked };
  }
}

describe('the root loader under maintenance', () => {
  it('renders the store as usual when the site is up, without asking about a preview', async () => {
    const { result, asked } = await load(false, true);
    expect((result as RootData).maintenancePreview).toBe(false);
    expect(asked).not.toContain('/staff-preview/');
  });

  it('shows shoppers the maintenance page (503), a failed preview check included', async () => {
    for (const preview of [false, 'fails'] as const) {
      const { thrown } = await load(true, preview);
      expect(thrown?.init?.status).toBe(503);
      expect(thrown?.data).toMatchObject({ maintenance: true, support_email: 'care@example.com' });
    }
  });

  it('lets a staff preview through, marked for the banner and kept out of every shared cache', async () => {
    const { result, thrown } = await load(true, true);
    expect(thrown).toBeUndefined();
    const answer = result as WithInit;
    expect(answer.init?.headers).toEqual({ 'Cache-Control': 'private, no-store' });
    expect((answer.data as RootData).maintenancePreview).toBe(true);
  });
});
