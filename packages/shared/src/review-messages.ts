/** Product reviews' limits, states and messages (no zod here: the product page reads them on its first load). */
import * as m from '@store/shared/i18n/messages';
import { atMost, count } from './messages.js';

export const REVIEW_NAME_MAX = 60;
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;

/** A review's state: new reviews wait for staff (pending); only approved ones are shown and counted. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The state's name, in the shopper's language (the back office reads them in English). */
export const REVIEW_STATE_LABELS: Record<ReviewState, () => string> = {
  pending: m.review_state_pending,
  approved: m.review_state_approved,
  rejected: m.review_state_rejected,
};

/** Each a function returning the text in the shopper's language (see messages.ts). */
export const reviewMessages = {
  required: m.review_required,
  star: m.review_star,
  name: () => atMost(REVIEW_NAME_MAX),
  textShort: () => m.review_text_short({ min: count(REVIEW_TEXT_MIN) }),
  textLong: () => atMost(REVIEW_TEXT_MAX),
  replyLong: () => atMost(REVIEW_REPLY_MAX),
  notReceived: m.review_not_received,
  alreadyReviewed: m.review_already_reviewed,
  submitted: m.review_submitted,
  signInToReview: m.review_sign_in,
  verified: m.review_verified,
  shopReply: m.review_shop_reply,
  notFound: m.review_not_found,
} as const;
