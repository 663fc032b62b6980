import type { DeepStrings } from './zh-TW.ts';
import { reportZhTW } from './reports.zh-TW.ts';
import { clientListZhTW } from './clientList.zh-TW.ts';
import { clientRecordsZhTW } from './clientRecords.zh-TW.ts';
import { clientPageZhTW } from './clientPage.zh-TW.ts';
import { groupsZhTW } from './groups.zh-TW.ts';
import { workLogsZhTW } from './workLogs.zh-TW.ts';
import { todoCentreZhTW } from './todoCentre.zh-TW.ts';
import { cardsZhTW } from './cards.zh-TW.ts';
import { calendarZhTW } from './calendar.zh-TW.ts';
import { clientItemsZhTW } from './clientItems.zh-TW.ts';
import { startupProfileZhTW } from './startupProfile.zh-TW.ts';

/**
 * The staff's words (the dashboard and the startup area): a chunk of their own, loaded with those areas
 * (`loadWords('staff')`, router.tsx), so the login page and the investor area go without them.
 * `staff.en.ts` must have the same keys (checked by its type).
 */
export const staffZhTW = {
  report: reportZhTW,
  clientList: clientListZhTW,
  clientRecords: clientRecordsZhTW,
  clientPage: clientPageZhTW,
  groups: groupsZhTW,
  workLogs: workLogsZhTW,
  todoCentre: todoCentreZhTW,
  cards: cardsZhTW,
  calendar: calendarZhTW,
  clientItems: clientItemsZhTW,
  startupProfile: startupProfileZhTW,
  employees: {
    title: '權限管理',
    subtitle: '管理後台員工的帳號、角色與啟用狀態。',
    add: '新增員工',
    editTitle: '編輯員工：{{name}}',
    createTitle: '新增員工',
    total: '共 {{count}} 位員工',
    you: '您',
    column: {
      id: '編號',
      name: '姓名',
      email: '電子郵件',
      role: '角色',
      status: '狀態',
      title: '職稱',
      phone: '電話',
      lastLogin: '最後登入',
      createdAt: '建立日期',
      actions: '操作',
    },
    status: {
      active: '啟用中',
      inactive: '已停用',
    },
    filter: {
      status: '狀態',
      role: '角色',
      allStatuses: '全部狀態',
      allRoles: '全部角色',
      search: '搜尋姓名或電子郵件',
    },
    deactivate: '停用',
    reactivate: '重新啟用',
    deactivateConfirmTitle: '停用 {{name}}？',
    deactivateConfirm: '停用後此帳號會立即登出，且無法再登入。',
    reactivateConfirmTitle: '重新啟用 {{name}}？',
    reactivateConfirm: '重新啟用後此帳號可以再次登入。',
    cannotDeactivateSelf: '無法停用自己的帳號',
    deactivated: '已停用 {{name}}',
    reactivated: '已重新啟用 {{name}}',
    created: '已新增 {{name}}',
    updated: '已更新 {{name}}',
    empty: '目前沒有員工帳號',
    emptyFiltered: '沒有符合篩選條件的員工',
    clearFilters: '清除篩選',
    loadError: '無法載入員工列表',
    form: {
      name: '姓名',
      nameRequired: '請輸入姓名',
      nameMax: '姓名最多 {{max}} 個字元',
      email: '電子郵件',
      emailRequired: '請輸入電子郵件',
      emailInvalid: '電子郵件格式不正確',
      role: '角色',
      roleRequired: '請選擇角色',
      status: '狀態',
      password: '密碼',
      newPassword: '新密碼',
      passwordRequired: '請輸入密碼',
      passwordMin: '密碼至少需要 {{min}} 個字元',
      passwordKeep: '留空則不變更密碼。',
      phone: '電話',
      phoneMax: '電話最多 {{max}} 個字元',
      title: '職稱',
      titleMax: '職稱最多 {{max}} 個字元',
      emailTaken: '此電子郵件已被使用',
      noChanges: '沒有需要儲存的變更',
    },
  },
};

export type StaffTranslation = DeepStrings<typeof staffZhTW>;
