import { SHOP_NAME } from '@store/shared/constants';
import { STAFF_ROLE_LABELS, type StaffRole } from '@store/shared/admin';

/** The texts of the e-mails the staff module sends. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function linkEmail(subject: string, intro: string, action: string, url: string, validity: string) {
  return {
    subject,
    text: `${intro}\n\n${action}: ${url}\n\nThe link works once and expires in ${validity}. If you did not expect it, ignore this email.`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>The link works once and expires in ${escapeHtml(validity)}. If you did not expect it, ignore this email.</p>`,
  };
}

export const invitationEmail = (url: string, role: StaffRole, inviter: string) =>
  linkEmail(
    `You are invited to the ${SHOP_NAME} back office`,
    `${inviter} invited you to the ${SHOP_NAME} back office as ${STAFF_ROLE_LABELS[role]}.`,
    'Accept the invitation',
    url,
    '7 days',
  );

export const staffPasswordResetEmail = (url: string) =>
  linkEmail(
    `Reset your ${SHOP_NAME} back-office password`,
    `Someone asked to reset the password of your ${SHOP_NAME} back-office account.`,
    'Set a new password',
    url,
    '1 hour',
  );
