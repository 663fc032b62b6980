import type { Translation } from './zh-TW.ts';

/** The startup's account settings (issue 14), English. Typed by the Traditional Chinese resource. */
export const startupAccountEn: Translation['startupAccount'] = {
  menu: 'Account settings',
  title: 'Account settings',
  subtitle:
    'Change your password or the email you sign in with. Afterwards, sessions on other devices end; this one stays signed in.',
  password: {
    title: 'Change password',
    submit: 'Change password',
    done: 'Password changed; sessions on other devices have ended.',
  },
  email: {
    title: 'Change sign-in email',
    current: 'Current sign-in email: {{email}}',
    newLabel: 'New email',
    newRequired: 'Enter a valid email address',
    sameAsCurrent: 'This is already your sign-in email',
    send: 'Send code',
    codeSubtitle:
      'A code was sent to {{email}}; enter it within {{minutes}} minutes. If another account already uses that address, its inbox gets an explanation instead of a code.',
    confirm: 'Confirm change',
    back: 'Use another email',
    done: 'Your sign-in email is now {{email}}; sessions on other devices have ended.',
  },
};
