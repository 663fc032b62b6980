import type { contactZhTW, startupMessagesZhTW } from './contact.zh-TW.ts';
import { investorContactEn } from './investorHome.en.ts';

/** The message inbox with investors (issue 11): /dashboard/contact/{type?}. */
export const contactEn: typeof contactZhTW = {
  title: 'Service messages',
  subtitle:
    'Messages from investors and startups (marked Startup); a conversation whose last message is theirs is unreplied.',
  tabs: {
    all: 'All messages',
    unreplied: 'Unreplied',
    replied: 'Replied',
    label: 'Message filter',
  },
  menuBadge: '{{count}} unread messages',
  status: {
    unreplied: 'Unreplied',
    replied: 'Replied',
  },
  party: {
    startup: 'Startup',
  },
  unread: 'Unread',
  total: 'Conversations: {{count}}',
  listLabel: 'Conversations',
  loadError: 'Service messages could not be loaded',
  threadLoadError: 'This conversation could not be loaded',
  empty: {
    all: 'No service messages yet',
    unreplied: 'Every message has been answered',
    replied: 'No replied conversations yet',
  },
  pick: 'Choose a conversation on the left to read and reply',
  back: 'Back to conversations',
  messageCount: 'Messages: {{count}}',
  from: {
    client: 'Investor',
    employee: 'Staff',
  },
  you: '(you)',
  messagesLabel: 'Conversation',
  reply: {
    label: 'Reply',
    placeholder: 'Type your reply; they get a notification email (without the message)',
    send: 'Send reply',
    sent: 'Reply sent',
  },
  live: {
    on: 'Live',
    polling: 'Refreshing every 5 seconds',
  },
};

/** A startup's conversations with the firm (issue 14): the Messages tab of /startup. */
export const startupMessagesEn: typeof startupMessagesZhTW = {
  ...investorContactEn,
  title: 'Messages with the investment team',
  subtitle:
    'Your company’s conversations with our team; when we answer it shows as unread and we send a notice by email (without the message).',
  threads: 'Our conversations',
  empty: 'No conversation yet: write us your first message.',
  loadError: 'The messages could not be loaded',
  form: {
    ...investorContactEn.form,
    title: 'Write to the investment team',
    subjectPlaceholder: 'For example: documents for the review',
  },
};

/** The case page's messages with the case's startup (issue 14). */
export const caseMessagesEn: typeof startupMessagesZhTW = {
  title: 'Startup messages',
  subtitle: 'Conversations with this case’s startup; it is notified by email (without the message).',
  threads: 'Conversations',
  unread: '{{count}} unread',
  unreadTag: 'Unread',
  newThread: 'Write to the startup',
  empty: 'No conversation with this startup yet.',
  pick: 'Pick a conversation to read and answer it',
  back: 'Back to the conversations',
  messageCount: '{{count}} messages',
  you: 'Staff',
  firm: 'Staff',
  messagesLabel: 'Messages',
  loadError: 'The startup’s messages could not be loaded',
  threadLoadError: 'This conversation could not be loaded',
  live: {
    on: 'Live',
    polling: 'Refreshing',
  },
  form: {
    title: 'Write to the startup',
    subject: 'Subject',
    subjectPlaceholder: 'For example: please send the latest financial statements',
    content: 'Message',
    contentPlaceholder: 'The startup is notified by email, without the message',
    send: 'Send message',
    sent: 'Message sent',
    cancel: 'Cancel',
  },
  reply: {
    label: 'Reply to the startup',
    placeholder: 'Type a reply; the startup is notified by email (without the message)',
    send: 'Send reply',
    sent: 'Reply sent',
  },
};
