import type { boardZhTW } from './board.zh-TW.ts';

/** Dense tables and the board (issue 8), English. */
export const boardEn: typeof boardZhTW = {
  table: {
    columns: 'Columns',
    columnsTitle: 'Shown columns',
    pinned: 'Always shown',
    reset: 'Reset to default',
  },
  card: {
    inStage: '{{count}} d in stage',
    inStageHours: '{{count}} h in stage',
    inStageNew: 'Just entered this stage',
    nextTodo: 'Next to-do',
    due: 'due {{date}}',
    noDue: 'no due date',
    overdue: 'Overdue',
  },
  column: {
    collapse: 'Collapse “{{stage}}”',
    expand: 'Expand “{{stage}}” ({{count}} cases)',
  },
  stagePicker: 'Choose a stage',
};
