export * from '../modules/catalog/catalog.tables.js';
export * from '../modules/content/content.tables.js';
