import { SHOP_NAME } from '@store/shared/constants';

export const SITE_NAME = SHOP_NAME;

/** The title template: every page's own title, then the shop's name (unless the title already ends with it). */
export function pageTitle(title: string): string {
  if (!title) return SITE_NAME;
  return title.endsWith(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}
