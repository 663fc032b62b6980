import 'i18next';
import type { zhTW } from './zh-TW.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhTW };
    returnNull: false;
  }
}
