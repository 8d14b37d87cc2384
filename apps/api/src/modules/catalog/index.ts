/** The catalog's door: products, brands, variants and stock, for the app and the other modules. */
export { catalogRoutes, type CatalogRoutesOptions, type ProductSearch } from './catalog.routes.js';
export { productsAdminRoutes, startCatalogUpkeep } from './products-admin.routes.js';
// Reviews: the customer's routes (the app hands in the orders module's received check) and moderation (issue 17).
export { reviewsRoutes, reviewsAdminRoutes, type ReviewsRoutesOptions } from './reviews.routes.js';
export {
  cardColumns,
  toCard,
  getCards,
  getCardsByHandle,
  clearCatalogCaches,
  refreshProductAggregates,
  departmentId,
  popularCards,
  topRatedInDepartment,
  homeShelves,
  type CardRow,
} from './catalog.service.js';
export { reserveStock, releaseStock, adjustStock, type StockLine, type StockAdjustment, type StockChange } from './stock.js';
// The back office's inventory and the back-in-stock messages (issue 17).
export { connectBackInStock, notifyBackInStock } from './inventory-back-in-stock.js';
export { registerInventoryAdminRoutes } from './inventory-admin.routes.js';
export { collectionTitle, productsInCollection, collectionIdByHandle } from './membership.js';
export {
  lineViews,
  lineViewSql,
  variantStockSql,
  productNames,
  publishedProductIds,
  productIdByHandle,
  variantIdByTitle,
  type LineView,
  type LineViewOptions,
} from './line-views.js';
export { matchProductsByText, type Narrowing, type Scope, type TextMatches, type TextMatchOptions, type TextQuery } from './text-match.js';
// The back office's brands and collections (issue 17); product writes call refreshRuleCollections.
export { brandsAdminRoutes, type BrandsAdminRoutesOptions } from './brands-admin.routes.js';
export { collectionsAdminRoutes } from './collections-admin.routes.js';
export { refreshRuleCollections } from './membership.js';
