import { send } from '~/app/api/auth-client';
import { PASSWORD_MESSAGES, type ProfileInput } from '~/shared/schemas/account';

/** "Forgot password?": better-auth answers the same whether or not the account exists. */
export const requestPasswordReset = (email: string) =>
  send('POST', '/api/auth/request-password-reset', { email: email.trim() }, 'Failed to send the link');

/** Sets a new password with the token from the e-mailed link; every session of the account ends. */
export const resetPassword = (token: string, newPassword: string) =>
  send('POST', '/api/auth/reset-password', { token, newPassword }, 'Failed to change password', {
    INVALID_TOKEN: PASSWORD_MESSAGES.linkInvalid,
  });

/** Changes the password; the customer's other sessions end, this one goes on. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  send(
    'POST',
    '/api/auth/change-password',
    { currentPassword, newPassword, revokeOtherSessions: true },
    'Failed to change password',
    { INVALID_PASSWORD: PASSWORD_MESSAGES.currentWrong },
  );

/** Saves the customer's own details (the server checks them again). */
export const updateProfile = (details: ProfileInput) =>
  send('PUT', '/api/account/profile', details, 'Failed to update profile');

/** Deletes the signed-in account, confirmed with its password; the session ends with it. */
export const deleteAccount = (password: string) =>
  send('POST', '/api/account/delete', { password }, 'Failed to delete your account');

/** Uses a back-office invitation: sets the invited person's password (the server checks the link). */
export const acceptStaffInvite = (token: string, password: string) =>
  send('POST', '/api/staff-invites/accept', { token, password }, 'Failed to accept the invitation');
