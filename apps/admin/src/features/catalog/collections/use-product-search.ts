import { useEffect, useState } from 'react';
import type { ProductOption } from '@store/shared/admin-catalog-brands';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';

/**
 * Products whose name holds what is typed (the collections' product search), asked a quarter of a
 * second after the typing stops; an answer overtaken by newer typing is dropped.
 */
export function useProductSearch() {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ProductOption[]>([]);
  const [searchError, setSearchError] = useState<string | null>(null);
  useEffect(() => {
    const term = q.trim();
    if (!term) {
      setFound([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<{ data: ProductOption[] }>(`/catalog/collections/product-options/?q=${encodeURIComponent(term)}`, controller.signal)
        .then(({ data }) => {
          setFound(data);
          setSearchError(null);
        })
        .catch((err: unknown) => {
          if (!controller.signal.aborted) setSearchError(errorMessage(err));
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  return { q, setQ, found, searchError };
}
