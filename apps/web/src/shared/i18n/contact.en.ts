import type { contactZhTW } from './contact.zh-TW.ts';

/** The message inbox with investors (issue 11): /dashboard/contact/{type?}. */
export const contactEn: typeof contactZhTW = {
  title: 'Service messages',
  subtitle:
    'Messages investors leave in the investor area; a conversation whose last message is the investor’s is unreplied.',
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
    placeholder: 'Type your reply; the investor gets a notification email (without the message)',
    send: 'Send reply',
    sent: 'Reply sent',
  },
  live: {
    on: 'Live',
    polling: 'Refreshing every 5 seconds',
  },
};
