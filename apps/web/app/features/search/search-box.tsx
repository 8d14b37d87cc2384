import { Form } from 'react-router';

/**
 * The header search box. A plain GET form to /product/ so Enter works before any JS loads;
 * live suggestions are layered on top.
 */
export function SearchBox(props: { variant: 'desktop' | 'mobile' }) {
  return (
    <Form method="get" action="/product/" role="search" className="relative w-full">
      <input
        type="search"
        name="search"
        aria-label="Search products"
        placeholder="Search products, brands…"
        autoComplete="off"
        maxLength={100}
        data-variant={props.variant}
        className="w-full rounded-full border border-neutral-300 bg-white px-4 py-2 text-sm outline-none focus:border-neutral-900"
      />
    </Form>
  );
}
