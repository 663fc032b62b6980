/** The PDF viewer (issue 12), Traditional Chinese. */
export const pdfViewerZhTW = {
  title: '文件預覽',
  open: '預覽',
  openFile: '預覽「{{name}}」',
  loading: '正在載入文件…',
  loadError: '無法開啟這份文件',
  passwordProtected: '這份文件設有密碼，無法在此開啟，請下載後以其他閱讀程式開啟。',
  toolbar: '文件工具列',
  document: '文件內容：{{title}}',
  pageOf: '第 {{page}} 頁，共 {{count}} 頁',
  previous: '上一頁',
  next: '下一頁',
  zoomIn: '放大',
  zoomOut: '縮小',
  zoomLevel: '縮放比例 {{percent}}%',
  fitWidth: '符合寬度',
  keyboardHint: '可用左右方向鍵翻頁，加號與減號鍵縮放。',
};
