/** The content module's door: settings, menus, pages, banners and store locations. */
export { contentRoutes } from './content.routes.js';
export {
  DEFAULT_BASIC_SETTINGS,
  DEFAULT_SITE_SETTINGS,
  clearContentCaches,
  getPublicConfig,
  getStoredSetting,
  getSiteSettings,
  listStoreLocations,
  patchSetting,
  writeSetting,
} from './content.service.js';
export type { StoredPromote } from './content.tables.js';
// The back office's settings screen and the maintenance preview (issue 16).
export { registerContentAdminRoutes } from './admin.routes.js';
export { PREVIEW_COOKIE, getAdminSettings, updateAdminSettings } from './settings-admin.js';
// The pages a brand page may point at (the catalog's brand editor, issue 17).
export { brandPageOptions } from './content-admin.js';
