import { useEffect, useState } from 'react';
import { STORAGE_KEYS } from '@store/shared/constants';
import { api } from '../../lib/http';
import { pageHydrated } from '../../preact/hydrate-separately';

const listeners = new Set<() => void>();
const REGION_CHECKED = 'region_checked';

function readStoredLocation(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.location);
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** SPEC §4: the location is kept only when it is BD; anything else clears it. */
export function keepLocation(code: string): void {
  try {
    if (code === 'BD') localStorage.setItem(STORAGE_KEYS.location, 'BD');
    else localStorage.removeItem(STORAGE_KEYS.location);
  } catch {
    // Storage blocked (private mode): the shopper is simply treated as outside BD.
  }
  listeners.forEach((l) => l());
}

/**
 * The stored location: null on the server (it cannot read localStorage) and in the browser until
 * the whole page has been hydrated, the stored value from then on, so location-dependent UI
 * re-checks once. Not sooner: the menus it changes are the header's, and a render of the shell
 * before the page's parts have had their turns would hydrate them all in that one task
 * (preact/hydrate-separately.tsx).
 */
export function useStoredLocation(): string | null {
  const [location, setLocation] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let unsubscribe = () => {};
    void pageHydrated().then(() => {
      if (!live) return;
      const update = () => setLocation(readStoredLocation());
      update();
      unsubscribe = subscribe(update);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  return location;
}

/**
 * SPEC §4: a signed-in shopper is treated as BD; a visitor's region is asked once per browser
 * session (GET /region/), unless BD is already stored.
 */
export async function resolveLocationOnStart(signedIn: boolean): Promise<void> {
  if (signedIn) return keepLocation('BD');
  if (readStoredLocation() === 'BD') return;
  try {
    if (sessionStorage.getItem(REGION_CHECKED)) return;
    sessionStorage.setItem(REGION_CHECKED, '1');
  } catch {
    return;
  }
  const result = await api.get<string>('/region/', { toasts: false, allow404: true });
  keepLocation(result.ok && typeof result.data === 'string' ? result.data.trim() : 'INT');
}
