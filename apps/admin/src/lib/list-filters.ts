import { useEffect, useRef } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
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
 * A filter form that shows the URL's filters. When the URL changes (a search landing, the back
 * button, Clear), each field takes the URL's new value, except a field typed since the URL last
 * changed, which keeps what was typed: a filter chosen while the last search was still loading is
 * not overwritten when that search lands.
 */
export function useUrlFilterForm<F extends Record<string, string>>(current: F) {
  const form = useForm<F>({ defaultValues: current as DefaultValues<F> });
  const key = JSON.stringify(current);
  const shown = useRef({ key, values: current });
  useEffect(() => {
    const before = shown.current.values;
    if (shown.current.key === key) return;
    shown.current = { key, values: current };
    const typed = form.getValues();
    form.reset(
      Object.fromEntries(Object.keys(current).map((k) => [k, typed[k] !== before[k] ? typed[k] : current[k]])) as DefaultValues<F>,
    );
    // `current` is new on every render; `key` is what it holds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return form;
}

/**
 * A back-office list's filter form, kept in its URL: the form shows the URL's filters; submitting
 * goes to the first page of the new ones, clearing empties them, and the pager keeps them.
 */
export function useListFilters<K extends string>(keys: readonly K[]) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const current = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as ListFilters<K>;
  const form = useUrlFilterForm<ListFilters<K>>(current);
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
