import type { todoCentreZhTW } from './todoCentre.zh-TW.ts';

/** The to-do centre (issue 11), English. */
export const todoCentreEn: typeof todoCentreZhTW = {
  title: 'To-dos',
  intro:
    'Your to-dos on cases and investors, the overdue ones first; tick them off or move their due dates here.',
  filter: 'To-do state',
  types: {
    open: 'Open',
    overdue: 'Overdue',
    done: 'Done',
    all: 'All',
  },
  columns: {
    title: 'To-do',
    record: 'On',
    due: 'Due',
    assignee: 'Assignee',
    done: 'Done',
  },
  kinds: {
    case: 'Case',
    client: 'Investor',
  },
  empty: {
    open: 'No open to-dos.',
    overdue: 'Nothing is overdue.',
    done: 'No to-do has been done yet.',
    all: 'No to-dos yet. Add them on the To-dos tab of a case or an investor.',
  },
  colleague: 'Colleague',
  mine: 'My to-dos',
  overdue: 'Overdue',
  noDue: 'No date',
  dueOf: 'Due date of “{{title}}”',
  markDone: 'Mark “{{title}}” done',
  reopen: 'Reopen “{{title}}”',
  unassigned: 'Unassigned',
  saved: 'To-do updated',
  loadError: 'Could not load the to-dos',
  badge: 'To-dos: {{count}} open',
};
