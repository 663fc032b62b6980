/** Stored files (issue 12): upload and download messages (SPEC section 8), Traditional Chinese. */
export const filesZhTW = {
  /** SPEC section 8, verbatim. */
  noPath: '無法讀取檔案',
  downloadFailed: '下載失敗',
  uploadImage: '上傳圖片',
  uploadDoc: '上傳文件',
  progress: '上傳進度',
  uploaded: '已上傳「{{name}}」',
  tooLarge: '「{{name}}」超過 {{max}} MB 的上限，沒有上傳',
  maxSize: '單一檔案最大 {{max}} MB',
};
