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
  loadMore: 'Load more',
  dragHandle: 'Drag "{{name}}" to another stage',
  dropHere: 'Allowed',
  noDrop: 'Not allowed',
  instructions:
    'Press Space to pick up a card, use the arrow keys to move it to another stage, and Space again to drop it; Esc cancels.',
  picked: 'Picked up "{{name}}".',
  over: '"{{name}}" is over {{stage}}.',
  dropped: 'Dropped "{{name}}" on {{stage}}.',
  cancelled: 'Moving "{{name}}" was cancelled.',
  reason: {
    label: 'Reason',
    required: 'Enter a reason',
    confirm: 'Move',
  },
};
