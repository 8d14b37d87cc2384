import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiResult } from '@store/shared/api';
import { apiClientContext } from '@store/shared/ssr-context';
import { loader } from './root';
import type { RootData } from './lib/root-data';

type LoaderArgs = Parameters<typeof loader>[0];
/** What data() hands back: the value and the response's init. */
type WithInit = { type: 'DataWithResponseInit'; data: unknown; init: { status?: number; headers?: HeadersInit } | null };

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
    send() {
      throw new Error('the root loader changes nothing');
    },
  };
  return { client, asked };
}

async function load(maintenance: boolean, preview: boolean | 'fails', cookie?: string) {
  const api = shellApi(maintenance, preview);
  const context = new RouterContextProvider();
  context.set(apiClientContext, api.client);
  const request = new Request('http://shop.test/', cookie ? { headers: { cookie } } : {});
  const args = { request, context, params: {} } as unknown as LoaderArgs;
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
    expect(new Headers(answer.init?.headers).get('cache-control')).toBe('private, no-store');
    expect((answer.data as RootData).maintenancePreview).toBe(true);
  });
});

describe("the root loader and a form action's message", () => {
  const flashOf = (value: unknown) => `flash=${Buffer.from(JSON.stringify(value)).toString('base64url')}`;

  it('shows the message once: handed to the page, cleared by the same answer, kept out of shared caches', async () => {
    const { result } = await load(false, false, `cart=abc; ${flashOf({ kind: 'success', message: 'Added to your bag' })}`);
    const answer = result as WithInit;
    expect((answer.data as RootData).flash).toEqual({ kind: 'success', message: 'Added to your bag' });
    const headers = new Headers(answer.init?.headers);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(headers.getSetCookie()).toEqual([expect.stringMatching(/^flash=; Path=\/; Max-Age=0/)]);
  });

  it('ignores a cookie that is not a message it wrote', async () => {
    for (const cookie of ['flash=%%%', flashOf({ kind: 'script', message: 'x' }), flashOf({ kind: 'error', message: 'x'.repeat(501) })]) {
      const { result } = await load(false, false, cookie);
      const data = (result as WithInit).type === 'DataWithResponseInit' ? ((result as WithInit).data as RootData) : (result as RootData);
      expect(data.flash).toBeNull();
    }
  });

  it('adds nothing to a page without one', async () => {
    const { result } = await load(false, false);
    expect((result as RootData).flash).toBeNull();
  });
});
