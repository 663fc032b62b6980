import 'i18next';
import type { staffZhTW } from './staff.zh-TW.ts';
import type { zhTW } from './zh-TW.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The words every page has, and the staff's (loaded with the dashboard and the startup area).
    resources: { translation: typeof zhTW & typeof staffZhTW };
    returnNull: false;
  }
}
