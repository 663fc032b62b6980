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
  loadMore: '載入更多',
  dragHandle: '拖曳「{{name}}」以移動階段',
  dropHere: '可移入',
  noDrop: '不可移入',
  instructions: '按空白鍵拿起卡片，用方向鍵移動到其他階段，再按空白鍵放下；按 Esc 取消。',
  picked: '已拿起「{{name}}」。',
  over: '「{{name}}」位於 {{stage}} 上方。',
  dropped: '已將「{{name}}」放到 {{stage}}。',
  cancelled: '已取消移動「{{name}}」。',
  reason: {
    label: '原因',
    required: '請填寫原因',
    confirm: '確認移動',
  },
};
