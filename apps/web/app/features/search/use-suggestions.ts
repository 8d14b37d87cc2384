import { useEffect, useState } from 'react';
import type { DepartmentKey } from '@store/shared/constants';
import { SEARCH_DEBOUNCE_MS } from '@store/shared/constants';
import type { SuggestionsResponse } from '@store/shared/search';
import { normalizeSearchTerm } from '@store/shared/search-terms';
import { api } from '../../lib/http';

/** One letter matches half the shop; suggestions start at two. */
export const MIN_SUGGEST_LENGTH = 2;

export type SuggestionsState = {
  /** The answer for the latest term that has one (kept while the next is on its way, so the list does not flicker). */
  data: SuggestionsResponse | null;
  /** A request for the current term is waiting or in flight. */
  loading: boolean;
};

/**
 * Live suggestions for what is typed: asked SEARCH_DEBOUNCE_MS after typing stops (SPEC §5). Each
 * new keystroke cancels the pending timer and aborts the request in flight, so an older, slower
 * answer can never replace a newer one.
 */
export function useSuggestions(value: string, limit: number, department: DepartmentKey): SuggestionsState {
  const term = normalizeSearchTerm(value);
  const [state, setState] = useState<SuggestionsState>({ data: null, loading: false });

  useEffect(() => {
    if (Array.from(term).length < MIN_SUGGEST_LENGTH) {
      setState({ data: null, loading: false });
      return;
    }
    setState((s) => ({ data: s.data, loading: true }));
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const query = new URLSearchParams({ q: term, limit: String(limit), department });
      const result = await api.get<SuggestionsResponse>(`/search/suggestions/?${query}`, {
        toasts: false,
        allow404: true,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      setState((s) => ({ data: result.ok ? result.data : s.data, loading: false }));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, limit, department]);

  return state;
}
