import type { Banner } from '@store/shared/content';

/** Device-specific banners are hidden by CSS at the other size (1024 px), so the server needs no user agent. */
export function deviceClass(device: Banner['device']): string {
  return device === 'mobile' ? 'lg:hidden' : device === 'desktop' ? 'max-lg:hidden' : '';
}

/**
 * The banners to load at once, with high priority: the first one visible on phones and the first one
 * visible on desktops (the same banner when it shows on both). The rest load lazily.
 */
export function eagerBannerIds(banners: readonly Pick<Banner, 'id' | 'device'>[]): Set<number> {
  const ids = new Set<number>();
  const firstPhone = banners.find((b) => b.device !== 'desktop');
  const firstDesktop = banners.find((b) => b.device !== 'mobile');
  if (firstPhone) ids.add(firstPhone.id);
  if (firstDesktop) ids.add(firstDesktop.id);
  return ids;
}
