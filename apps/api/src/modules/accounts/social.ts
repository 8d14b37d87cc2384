import { and, eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { SOCIAL_PROVIDERS, type SocialProvider, type SocialProvidersResponse } from '@store/shared/auth';
import { API_PREFIX } from '@store/shared/api';
import { normalizeEmail, isEmail } from '@store/shared/email';
import type { Env } from '../../config/env.js';
import { customers, socialIdentities } from './accounts.tables.js';
import type { AccountsCtx } from './context.js';
import { createSession } from './sessions.js';
import { adoptVisitorBag } from '../cart/index.js';

const NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', instagram: 'Instagram' };

/** What a provider tells us about the person. email only when the provider vouches for it. */
export type SocialProfile = { subject: string; email: string | null; emailVerified: boolean; firstName: string; lastName: string };

/** Facebook Login and Instagram Login are OAuth 2 with a Graph API profile, not OpenID Connect. */
type GraphEndpoints = {
  authorization: string;
  token: string;
  tokenMethod: 'GET' | 'POST';
  scope: string;
  profile: (accessToken: string) => Promise<SocialProfile>;
};

async function getJson(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`profile request failed with HTTP ${res.status}`);
  return body;
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

const GRAPH: Record<'facebook' | 'instagram', GraphEndpoints> = {
  facebook: {
    authorization: 'https://www.facebook.com/v23.0/dialog/oauth',
    token: 'https://graph.facebook.com/v23.0/oauth/access_token',
    tokenMethod: 'GET',
    scope: 'email public_profile',
    async profile(accessToken) {
      const me = await getJson(
        `https://graph.facebook.com/v23.0/me?fields=id,email,first_name,last_name&access_token=${encodeURIComponent(accessToken)}`,
      );
      const email = str(me.email);
      // Facebook returns only confirmed addresses.
      return {
        subject: str(me.id),
        email: email || null,
        emailVerified: Boolean(email),
        firstName: str(me.first_name),
        lastName: str(me.last_name),
      };
    },
  },
  instagram: {
    authorization: 'https://www.instagram.com/oauth/authorize',
    token: 'https://api.instagram.com/oauth/access_token',
    tokenMethod: 'POST',
    scope: 'instagram_business_basic',
    async profile(accessToken) {
      const me = await getJson(`https://graph.instagram.com/me?fields=user_id,username&access_token=${encodeURIComponent(accessToken)}`);
      // Instagram shares no email: the account is created without one.
      return { subject: str(me.user_id), email: null, emailVerified: false, firstName: str(me.username), lastName: '' };
    },
  },
};

type ProviderSettings = { id: SocialProvider; clientId: string; clientSecret: string; issuer: string | undefined };

function settings(env: Env, id: SocialProvider): ProviderSettings | null {
  const keys = {
    google: [env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, env.GOOGLE_ISSUER],
    facebook: [env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET, env.FACEBOOK_ISSUER],
    instagram: [env.INSTAGRAM_CLIENT_ID, env.INSTAGRAM_CLIENT_SECRET, env.INSTAGRAM_ISSUER],
  }[id];
  const [clientId, clientSecret, issuer] = keys;
  return clientId && clientSecret ? { id, clientId, clientSecret, issuer } : null;
}

export function configuredProviders(env: Env): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((p) => settings(env, p) !== null);
}

export function listSocialProviders(env: Env): SocialProvidersResponse {
  return {
    data: configuredProviders(env).map((provider) => ({
      provider,
      name: NAMES[provider],
      start_url: `${API_PREFIX}/accounts/social/${provider}/`,
    })),
  };
}

export const callbackUrl = (env: Env, provider: SocialProvider) =>
  new URL(`${API_PREFIX}/accounts/social/${provider}/callback/`, env.PUBLIC_URL).toString();

/** The state of one sign-in between the redirect out and the callback, kept in a short-lived HttpOnly cookie. */
export type SocialFlow = { provider: SocialProvider; state: string; nonce: string; verifier: string; next: string };

/** Discovery runs once per provider and process. */
const discovered = new Map<string, Promise<oidc.Configuration>>();

function oidcConfig(s: ProviderSettings & { issuer: string }): Promise<oidc.Configuration> {
  const key = `${s.id}|${s.issuer}|${s.clientId}`;
  let config = discovered.get(key);
  if (!config) {
    const url = new URL(s.issuer);
    // Plain http is allowed only for a provider on this machine (the test's local OpenID provider).
    const local = url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
    config = oidc.discovery(url, s.clientId, s.clientSecret, undefined, local ? { execute: [oidc.allowInsecureRequests] } : undefined);
    config.catch(() => discovered.delete(key));
    discovered.set(key, config);
  }
  return config;
}

/** Whether a provider speaks OpenID Connect here: Google always, Facebook and Instagram when an issuer is configured. */
function oidcIssuer(s: ProviderSettings): string | null {
  if (s.id === 'google') return s.issuer ?? 'https://accounts.google.com';
  return s.issuer ?? null;
}

// Browsers drop tabs and newlines from a URL and read a backslash as a slash, so `/\t/evil.com` is `//evil.com`.
const UNSAFE_IN_PATH = /[\\\s\p{Cc}]/u;

const isSitePath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !UNSAFE_IN_PATH.test(path);

/**
 * Only a path on this site, else '/' (open redirect): one leading slash, no backslash, whitespace or
 * control character, checked again once percent-decoded in case a page decodes it before use.
 */
export function safeNext(next: string | undefined): string {
  if (!next) return '/';
  const path = next.slice(0, 500);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return '/';
  }
  // Decoded, an encoded space (a search for two words) is fine; an encoded tab, newline or slash is not.
  return isSitePath(path) && isSitePath(decoded.replaceAll(' ', '')) ? path : '/';
}

export async function startSocialLogin(
  env: Env,
  provider: SocialProvider,
  next: string | undefined,
): Promise<{ url: string; flow: SocialFlow } | null> {
  const s = settings(env, provider);
  if (!s) return null;
  const flow: SocialFlow = {
    provider,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    next: safeNext(next),
  };
  const challenge = await oidc.calculatePKCECodeChallenge(flow.verifier);
  const redirectUri = callbackUrl(env, provider);
  const issuer = oidcIssuer(s);
  if (issuer) {
    const config = await oidcConfig({ ...s, issuer });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { url: url.toString(), flow };
  }
  const graph = GRAPH[provider as 'facebook' | 'instagram'];
  const url = new URL(graph.authorization);
  url.search = new URLSearchParams({
    client_id: s.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: graph.scope,
    state: flow.state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.toString(), flow };
}

/** Exchanges the code (checking state, PKCE, and for OpenID Connect the ID token's signature, issuer, audience and nonce). */
export async function finishSocialLogin(env: Env, flow: SocialFlow, query: Record<string, string>): Promise<SocialProfile> {
  const s = settings(env, flow.provider);
  if (!s) throw new Error('provider not configured');
  const redirectUri = callbackUrl(env, flow.provider);
  const issuer = oidcIssuer(s);
  if (issuer) {
    const config = await oidcConfig({ ...s, issuer });
    const current = new URL(redirectUri);
    current.search = new URLSearchParams(query).toString();
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    let info: Record<string, unknown> = { ...claims };
    if (!claims.email && tokens.access_token) info = { ...info, ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)) };
    const email = str(info.email);
    return {
      subject: claims.sub,
      email: email && isEmail(email) ? normalizeEmail(email) : null,
      emailVerified: info.email_verified === true,
      firstName: str(info.given_name) || str(info.name),
      lastName: str(info.family_name),
    };
  }
  if (query.state !== flow.state) throw new Error('state mismatch');
  if (!query.code) throw new Error(query.error_description || query.error || 'no code');
  const graph = GRAPH[flow.provider as 'facebook' | 'instagram'];
  const params = new URLSearchParams({
    client_id: s.clientId,
    client_secret: s.clientSecret,
    redirect_uri: redirectUri,
    code: query.code,
    code_verifier: flow.verifier,
    grant_type: 'authorization_code',
  });
  const res =
    graph.tokenMethod === 'GET'
      ? await fetch(`${graph.token}?${params}`, { signal: AbortSignal.timeout(10_000) })
      : await fetch(graph.token, { method: 'POST', body: params, signal: AbortSignal.timeout(10_000) });
  const body = (await res.json()) as { access_token?: string; data?: { access_token?: string }[] };
  const accessToken = body.access_token ?? body.data?.[0]?.access_token;
  if (!res.ok || !accessToken) throw new Error(`token exchange failed with HTTP ${res.status}`);
  const profile = await graph.profile(accessToken);
  if (!profile.subject) throw new Error('no subject');
  return profile;
}

/**
 * The customer for a social identity: the one already linked; else the one with the same email
 * when the provider vouches for the address; else a new customer. Returns a session token.
 */
export async function signInWithSocial(ctx: AccountsCtx, provider: SocialProvider, profile: SocialProfile): Promise<string> {
  const [linked] = await ctx.db
    .select({ customerId: socialIdentities.customerId })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, profile.subject)));
  let customerId = linked?.customerId;
  if (!customerId) {
    const verifiedEmail = profile.emailVerified ? profile.email : null;
    const [byEmail] = verifiedEmail ? await ctx.db.select().from(customers).where(eq(customers.email, verifiedEmail)) : [];
    if (byEmail) {
      customerId = byEmail.id;
      if (!byEmail.verifiedEmail) await ctx.db.update(customers).set({ verifiedEmail: true }).where(eq(customers.id, byEmail.id));
    } else {
      const [created] = await ctx.db
        .insert(customers)
        .values({
          email: verifiedEmail,
          firstName: profile.firstName,
          lastName: profile.lastName,
          verifiedEmail: Boolean(verifiedEmail),
          createdAt: ctx.clock.now(),
          updatedAt: ctx.clock.now(),
        })
        .returning({ id: customers.id });
      customerId = created!.id;
    }
    await ctx.db
      .insert(socialIdentities)
      .values({ provider, subject: profile.subject, customerId, email: profile.email })
      .onConflictDoNothing();
  }
  await adoptVisitorBag(ctx, ctx.cartToken, { customerId });
  return createSession(ctx, { customerId }, ctx.userAgent);
}
