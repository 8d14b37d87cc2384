import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The words of the catalog's search text (lowercased, 3+ characters): the dictionary a misspelt
 * word is matched against by trigram similarity ('nivia' → 'nivea'). Triggers on products keep it
 * filled (see drizzle/*_search_document.sql); words of deleted products linger harmlessly.
 *
 * The search document itself lives on products as two columns the triggers maintain and Drizzle
 * does not model: search_text (name, brand, tags, category) and search_vector (the same, weighted
 * A name, B brand, C tags, D category).
 */
export const searchWords = pgTable('search_words', { word: text().primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);
