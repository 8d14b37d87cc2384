import { EmptyState } from './empty-state';

/**
 * TODO(reviews API): list the shopper's reviews once an endpoint returns them (reviews already
 * carry a customer id). No review can be written yet, so the tab says there are none.
 */
export function ReviewsTab() {
  return <EmptyState title="No reviews yet" text="Products you review will be listed here." />;
}
