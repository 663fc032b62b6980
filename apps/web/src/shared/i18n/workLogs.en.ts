import type { workLogsZhTW } from './workLogs.zh-TW.ts';

/** Work logs (issue 11), English. */
export const workLogsEn: typeof workLogsZhTW = {
  title: 'Work log',
  intro: 'Note every call, meeting and visit, to look back on when you need to.',
  add: 'Add a work log',
  empty: 'No work logged yet. Note today’s calls, meetings or visits.',
  emptyCase: 'No work has been logged on this case yet.',
  loadError: 'Could not load the work logs',
  colleague: 'Colleague',
  mine: 'My logs',
  everyone: 'Everyone',
  fields: {
    kind: 'Kind',
    happenedAt: 'When',
    content: 'What was done',
    contentRequired: 'Enter what was done',
    happenedAtRequired: 'Choose when it happened',
  },
  kinds: {
    call: 'Call',
    meeting: 'Meeting',
    visit: 'Visit',
    email: 'Email',
    other: 'Other',
  },
  by: 'Logged by {{name}}',
  onCase: 'Case: {{name}}',
  capped: 'Showing the latest {{shown}} of {{count}}.',
};
