/** Product reviews' limits, states and messages (no zod here: the product page reads them on its first load). */

export const REVIEW_NAME_MAX = 60;
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;

/** A review's state: new reviews wait for staff (pending); only approved ones are shown and counted. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  pending: 'Awaiting approval',
  approved: 'Published',
  rejected: 'Not published',
};

export const reviewMessages = {
  required: 'Required',
  star: 'Choose from 1 to 5 stars',
  name: `At most ${REVIEW_NAME_MAX} characters`,
  textShort: `Write at least ${REVIEW_TEXT_MIN} characters`,
  textLong: `At most ${REVIEW_TEXT_MAX} characters`,
  replyLong: `At most ${REVIEW_REPLY_MAX} characters`,
  notReceived: 'You can review this product once you have received it',
  alreadyReviewed: 'You have already reviewed this product',
  submitted: 'Thank you! Your review will appear once it has been approved.',
  signInToReview: 'Sign in to write a review',
  verified: 'Verified purchase',
  shopReply: 'Reply from the shop',
  notFound: 'Review not found',
} as const;
