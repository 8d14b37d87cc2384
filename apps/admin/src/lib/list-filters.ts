import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';

/** A list's filters as its URL carries them: each a string, '' when unset. */
export type ListFilters<K extends string> = Record<K, string>;

/** The filters (and the page, when asked) of a list's URL, for its loader's API call. */
export function listQuery(params: URLSearchParams, keys: readonly string[], withPage: boolean): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of [...keys, ...(withPage ? ['page'] : [])]) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  return query;
}

/**
 * A back-office list's filter form, kept in its URL: the form shows the URL's filters; submitting
 * goes to the first page of the new ones, clearing empties them, and the pager keeps them.
 */
export function useListFilters<K extends string>(keys: readonly K[]) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const current = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as ListFilters<K>;
  const form = useForm<ListFilters<K>>({ values: current });
  const go = (filters: ListFilters<K>, page = 1) => {
    const next = new URLSearchParams();
    for (const key of keys) if (filters[key]) next.set(key, filters[key]);
    if (page > 1) next.set('page', String(page));
    return navigate(`?${next}`);
  };
  const empty = Object.fromEntries(keys.map((k) => [k, ''])) as ListFilters<K>;
  return {
    params,
    current,
    register: form.register,
    /** The form's submit: the first page of the filters typed. */
    onSubmit: form.handleSubmit((filters) => go(filters)),
    clear: () => {
      form.reset(empty);
      void go(empty);
    },
    /** The pager's move: the same filters, another page. */
    toPage: (page: number) => void go(current, page),
  };
}
