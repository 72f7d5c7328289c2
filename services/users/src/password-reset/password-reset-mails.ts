import { html, type OutgoingMail } from '@shop/mail';

/** How long a reset link works, in minutes (the 30). */
export const RESET_TOKEN_MINUTES = 30;

const layout = (body: ReturnType<typeof html>) =>
  html`<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#212529">${body}<p style="color:#6c757d;font-size:small">This mail was sent by the shop. Please do not answer it.</p></body></html>`;

/**
 * The mail with a reset link. The token travels in the fragment (`#token=…`): a browser never sends a
 * fragment to a server, nor in a Referer header, so the token reaches no server log, proxy or other site.
 */
export function resetLinkMail(options: { tokenId: string; token: string; to: string; name: string; publicUrl: string }): OutgoingMail {
  const link = `${options.publicUrl}/reset-password#token=${options.token}`;
  return {
    key: `password-reset:${options.tokenId}`,
    to: options.to,
    toName: options.name,
    subject: 'Reset your password',
    text: [
      `Hello ${options.name},`,
      '',
      'Someone (we hope you) asked to reset the password of your shop account. To choose a new password, open this link:',
      '',
      link,
      '',
      `The link works once, for ${RESET_TOKEN_MINUTES} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
    ].join('\n'),
    html: layout(
      html`<p>Hello ${options.name},</p>
<p>Someone (we hope you) asked to reset the password of your shop account. To choose a new password, open this link:</p>
<p><a href="${link}">Reset your password</a></p>
<p>The link works once, for ${RESET_TOKEN_MINUTES} minutes. If you did not ask for it, ignore this mail: your password stays as it is.</p>`,
    ).value,
  };
}

/** The mail telling the account's owner that its password was changed through a reset link. */
export function passwordChangedMail(options: { tokenId: string; to: string; name: string; publicUrl: string }): OutgoingMail {
  const login = `${options.publicUrl}/login`;
  return {
    key: `password-changed:${options.tokenId}`,
    to: options.to,
    toName: options.name,
    subject: 'Your password was changed',
    text: [
      `Hello ${options.name},`,
      '',
      'The password of your shop account was just changed with a reset link, and every device signed in to it was signed out.',
      `Sign in with your new password: ${login}`,
      '',
      'If it was not you, ask for a new reset link at once on the sign-in page, and check the address of your mailbox is safe.',
    ].join('\n'),
    html: layout(
      html`<p>Hello ${options.name},</p>
<p>The password of your shop account was just changed with a reset link, and every device signed in to it was signed out.</p>
<p><a href="${login}">Sign in</a> with your new password.</p>
<p>If it was not you, ask for a new reset link at once on the sign-in page, and check the address of your mailbox is safe.</p>`,
    ).value,
  };
}
