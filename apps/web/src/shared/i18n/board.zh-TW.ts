/** Dense tables and the board (issue 8), Traditional Chinese. Kept apart so other features' edits do not collide. */
export const boardZhTW = {
  table: {
    columns: '欄位',
    columnsTitle: '顯示欄位',
    pinned: '固定顯示',
    reset: '恢復預設',
  },
  card: {
    inStage: '本階段 {{count}} 天',
    inStageHours: '本階段 {{count}} 小時',
    inStageNew: '剛進入本階段',
    nextTodo: '下一個待辦',
    due: '{{date}} 到期',
    noDue: '未設期限',
    overdue: '已逾期',
  },
  column: {
    collapse: '收合「{{stage}}」',
    expand: '展開「{{stage}}」（{{count}} 件）',
  },
  stagePicker: '選擇階段',
};
