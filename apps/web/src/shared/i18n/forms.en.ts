import type { Translation } from './zh-TW.ts';

/** Shared form building blocks (issue 8), English. */
export const formsEn: Translation['forms'] = {
  unsaved: {
    leaveTitle: 'You have unsaved changes. Leave this page?',
    leaveBody: 'If you leave, these changes are not kept.',
    stay: 'Stay',
    leave: 'Leave',
    bar: 'Unsaved changes',
    save: 'Save',
    discard: 'Discard',
  },
  /** The six-digit code mailed to an address (registration, sign-in email change). */
  mailCode: {
    label: 'Six-digit code',
    required: 'Enter the six-digit code',
    resend: 'Send a new code',
    resendIn: 'You can ask for a new code in {{seconds}} s',
    resent: 'A new code is on its way; the previous one no longer works.',
    triesLeft: 'Incorrect code: {{count}} tries left.',
    noTriesLeft: 'This code no longer works: send a new one.',
  },
  more: 'More',
  max: 'At most {{max}} characters',
  urlInvalid: 'Enter a full address, e.g. https://example.com',
  yes: 'Yes',
  no: 'No',
  empty: '—',
  items: {
    add: 'Add',
    edit: 'Edit',
    delete: 'Delete',
    deleteTitle: 'Delete “{{title}}”?',
    deleteBody: 'This cannot be undone; the history keeps a record.',
    saved: 'Saved',
    deleted: 'Deleted',
    loadError: 'Could not load the data',
  },
  case: {
    more: 'More actions',
    readOnlyContribute:
      'You can view this case and add comments and to-dos; only the AO, agents or an admin can edit the case.',
    ratingIrHint: 'The IR score is given by the investor relations team (IR).',
    empty: {
      todos: 'Track what needs doing on this case.',
      calendars: 'Record meetings and events with this company.',
      comments: "Note the team's views on this case.",
      info: "The company's latest news, shown in the firm-wide feed.",
      maintenances: 'Follow-up records after the investment, by date.',
      shareholders: 'Record the cap table after each round.',
      dd: 'Questions and opinions from due diligence.',
      fundRoles: 'Who leads, who follows, who sits on the panel.',
    },
  },
};
