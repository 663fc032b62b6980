import type { filesZhTW } from './files.zh-TW.ts';

/** Stored files (issue 12), English. */
export const filesEn: typeof filesZhTW = {
  noPath: 'The file cannot be read',
  downloadFailed: 'The download failed',
  uploadImage: 'Upload an image',
  uploadDoc: 'Upload a document',
  progress: 'Upload progress',
  uploaded: 'Uploaded “{{name}}”',
  tooLarge: '“{{name}}” is over the {{max}} MB limit and was not uploaded',
  maxSize: 'Up to {{max}} MB per file',
};
