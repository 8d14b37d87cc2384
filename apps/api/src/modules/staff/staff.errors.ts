import { staffMessages } from '@store/shared/admin';
import { AppError, rateLimited } from '../../lib/errors.js';

/** A wrong password and an unknown or disabled e-mail answer alike. */
export const loginFailed = () => new AppError('login_failed', staffMessages.loginFailed);
export const twoFactorRequired = () => new AppError('two_factor_required', staffMessages.twoFactorRequired);
export const otpInvalid = () => new AppError('otp_invalid', staffMessages.otpInvalid, { otp: staffMessages.otpInvalid });
export const loginRequired = () => new AppError('login_required', staffMessages.loginRequired);
export const forbidden = () => new AppError('forbidden', staffMessages.forbidden);
export const twoFactorSetupRequired = () => new AppError('two_factor_setup_required', staffMessages.twoFactorSetupRequired);
export const linkInvalid = () => new AppError('invitation_invalid', staffMessages.linkInvalid);
export const lastOwner = () => new AppError('last_owner', staffMessages.lastOwner);
export const locked = (retryAfterSeconds: number) => rateLimited(staffMessages.tooManyAttempts, retryAfterSeconds);
