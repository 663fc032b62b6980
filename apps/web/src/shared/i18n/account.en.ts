import type { Translation } from './zh-TW.ts';

/** Account basics (issue 8), English. Typed by the Traditional Chinese resource. */
export const accountEn: Translation['account'] = {
  forgotLink: 'Forgot password?',
  area: { dashboard: 'Staff', investor: 'Investor', local: 'Startup team', startup: 'Startup team' },
  forgot: {
    title: 'Forgotten password',
    subtitle: 'Enter the email you sign in with and we will send you a link to reset your password.',
    areaLabel: 'Account type',
    submit: 'Send reset link',
    sentTitle: 'Check your inbox',
    sentBody:
      'If {{email}} is a {{area}} account, a reset link is on its way. It is valid for 30 minutes and works once. Nothing arrived? Check your spam folder, or try again later.',
    backToSignIn: 'Back to sign-in',
  },
  reset: {
    title: 'Choose a new password',
    subtitle: 'Enter your new password twice. Every session of this account, on every device, then ends.',
    submit: 'Set new password',
    missingToken: 'This link is incomplete. Please request a new password reset.',
    requestAgain: 'Request a new reset link',
  },
  invitation: {
    title: 'Choose your password',
    greeting: 'Hello {{name}}, welcome to Dealflow. Choose a password for {{email}}.',
    checking: 'Checking your invitation…',
    submit: 'Set password and sign in',
    invalidTitle: 'This invitation link cannot be used',
    toStaffLogin: 'Go to staff sign-in',
  },
  password: {
    new: 'New password',
    confirm: 'Confirm new password',
    current: 'Current password',
    required: 'Enter a new password',
    min: 'The password needs at least {{min}} characters',
    confirmRequired: 'Enter the new password again',
    mismatch: 'The two passwords differ',
    currentRequired: 'Enter your current password',
  },
  change: {
    title: 'Change password',
    subtitle: 'Your sessions on other devices end; this one stays signed in.',
    submit: 'Change password',
    done: 'Password changed',
    back: 'Back to my cases',
  },
  signIn: {
    passwordReset: 'Your password has been updated. Sign in with the new one.',
    switchTo: 'Sign in as {{area}}',
  },
  wrongTab: {
    dashboard: 'This is a staff account: please use the staff sign-in page.',
    investor: 'This is an investor account: please use the Investor tab.',
    startup: 'This is a startup team account: please use the Startup team tab.',
  },
  invite: {
    formNote: 'Once saved, an invitation is mailed so the person sets their own password (valid for 7 days).',
    sent: '{{name}}’s account was created and an invitation was sent to {{email}}.',
    resend: 'Resend invitation',
    resent: 'A new invitation was sent to {{email}}; the previous link no longer works.',
    pending: 'Invited',
    expired: 'Invitation expired',
    validUntil: 'Invitation valid until {{date}}',
    passwordNote:
      'Staff choose their own passwords. Someone who forgot theirs can use “Forgot password?” on the staff sign-in page, or you can resend the invitation here.',
  },
  guard: {
    denied: 'You do not have access to the “{{page}}” page, so you were taken back to the report.',
  },
};
