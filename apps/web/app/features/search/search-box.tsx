import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_SUGGESTIONS_DESKTOP, SEARCH_SUGGESTIONS_MOBILE } from '@store/shared/constants';
import { normalizeSearchTerm, SEARCH_TERM_MAX_LENGTH, searchResultsPath, searchResultsUrl } from '@store/shared/search-terms';
import { SearchIcon } from '../../components/layout/icons';
import { departmentFromPath } from '../../lib/department';
import { useSuggestions } from './use-suggestions';
import { hrefHere } from '../../lib/locale';
import * as m from '@store/shared/i18n/messages';

// The list is only needed once the shopper types: its code loads then (and on focus, ahead of time).
const loadPanel = () => import('./suggestions-panel');
const SuggestionsPanel = lazy(loadPanel);

const RESULTS_PATH = /^\/(?:[^/]+\/)?product\/?$/;

/**
 * The header search box (SPEC §2): a GET form to /product/?search= that works before any script
 * loads, then an accessible combobox with live suggestions: at most 5 on desktop and 3 on phones,
 * 'Total Search (n)', the empty-result message, arrows to move, Enter to open the highlighted
 * suggestion or the results (or where a redirect word points), Escape to close.
 */
export function SearchBox(props: {
  variant: 'desktop' | 'mobile';
  /** The search landmark's name: the header's box and a page's own box must be told apart. */
  label?: string;
}) {
  const limit = props.variant === 'desktop' ? SEARCH_SUGGESTIONS_DESKTOP : SEARCH_SUGGESTIONS_MOBILE;
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const department = departmentFromPath(pathname);
  const current = RESULTS_PATH.test(pathname) ? (params.get('search') ?? '') : '';

  const [value, setValue] = useState(current);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { data, loading } = useSuggestions(value, limit, department);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;

  // A new page (the results of another term, a product) starts the box afresh. On the first
  // render, keep what a quick shopper typed before the page's script took over.
  const mounted = useRef(false);
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    const keepTyped = !mounted.current && typed !== current;
    mounted.current = true;
    setValue(keepTyped ? typed : current);
    setOpen(keepTyped && document.activeElement === inputRef.current);
    setActive(-1);
  }, [pathname, current]);

  const term = normalizeSearchTerm(value);
  const results = data?.results ?? [];
  const expanded = open && data !== null && term.length > 0;
  const resultsUrl = searchResultsUrl(term, department);

  useEffect(() => {
    setActive(-1);
  }, [data]);

  /** Closes the list and leaves the box (a suggestion or the results were chosen). */
  function close() {
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
  }

  function go(url: string) {
    close();
    navigate(url);
  }

  function submit() {
    if (!term) return;
    const chosen = expanded ? results[active] : undefined;
    if (chosen) return go(chosen.url);
    // Only an answer for what is in the box now may send Enter elsewhere than the results.
    go(data !== null && data.search === term && data.redirect ? data.redirect : resultsUrl);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const n = results.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (n === 0) return;
      e.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : n - 1);
        return;
      }
      // Past either end the highlight returns to the input (-1), as in the ARIA combobox pattern.
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => ((a + 1 + step + (n + 1)) % (n + 1)) - 1);
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (value) {
        e.preventDefault();
        setValue('');
      }
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <form
      method="get"
      action={hrefHere(searchResultsPath(department))}
      role="search"
      aria-label={props.label ?? m.search_region()}
      className="relative w-full"
      data-testid={`search-box-${props.variant}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="relative">
        <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted" />
        <input
          ref={inputRef}
          type="search"
          name="search"
          role="combobox"
          aria-label={m.search_label()}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-busy={loading}
          placeholder={m.search_placeholder()}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={SEARCH_TERM_MAX_LENGTH}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            void loadPanel();
            if (data) setOpen(true);
          }}
          onBlur={(e) => {
            // Leaving for the panel's own link keeps it open long enough for the click to land.
            if (!e.currentTarget.form?.contains(e.relatedTarget)) setOpen(false);
          }}
          onKeyDown={onKeyDown}
          className="h-10 w-full rounded-full border border-neutral-300 bg-white pr-4 pl-10 text-sm text-ink outline-none placeholder:text-muted focus:border-ink [&::-webkit-search-cancel-button]:hidden"
        />
      </div>
      {expanded && data && (
        <Suspense fallback={null}>
          <SuggestionsPanel
            listId={listId}
            optionId={optionId}
            data={data}
            active={active}
            variant={props.variant}
            resultsUrl={data.redirect ?? searchResultsUrl(data.search, department)}
            onHover={setActive}
            onLeave={close}
          />
        </Suspense>
      )}
      <p role="status" className="sr-only">
        {expanded && data ? (data.count > 0 ? `${data.count} products found` : (data.message ?? '')) : ''}
      </p>
    </form>
  );
}
