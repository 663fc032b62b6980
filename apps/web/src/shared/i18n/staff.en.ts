import type { StaffTranslation } from './staff.zh-TW.ts';
import { reportEn } from './reports.en.ts';
import { clientListEn } from './clientList.en.ts';
import { clientRecordsEn } from './clientRecords.en.ts';
import { clientPageEn } from './clientPage.en.ts';
import { groupsEn } from './groups.en.ts';
import { workLogsEn } from './workLogs.en.ts';
import { todoCentreEn } from './todoCentre.en.ts';
import { cardsEn } from './cards.en.ts';
import { calendarEn } from './calendar.en.ts';
import { clientItemsEn } from './clientItems.en.ts';
import { startupProfileEn } from './startupProfile.en.ts';

/** The staff's words in English (see staff.zh-TW.ts). */
export const staffEn: StaffTranslation = {
  report: reportEn,
  clientList: clientListEn,
  clientRecords: clientRecordsEn,
  clientPage: clientPageEn,
  groups: groupsEn,
  workLogs: workLogsEn,
  todoCentre: todoCentreEn,
  cards: cardsEn,
  calendar: calendarEn,
  clientItems: clientItemsEn,
  startupProfile: startupProfileEn,
  employees: {
    title: 'Staff accounts',
    subtitle: 'Manage back-office staff accounts, roles and status.',
    add: 'Add staff member',
    editTitle: 'Edit staff member: {{name}}',
    createTitle: 'Add staff member',
    total: '{{count}} staff members',
    you: 'you',
    column: {
      id: 'ID',
      name: 'Name',
      email: 'Email',
      role: 'Role',
      status: 'Status',
      title: 'Title',
      phone: 'Phone',
      lastLogin: 'Last sign-in',
      createdAt: 'Created',
      actions: 'Actions',
    },
    status: {
      active: 'Active',
      inactive: 'Inactive',
    },
    filter: {
      status: 'Status',
      role: 'Role',
      allStatuses: 'All statuses',
      allRoles: 'All roles',
      search: 'Search name or email',
    },
    deactivate: 'Deactivate',
    reactivate: 'Reactivate',
    deactivateConfirmTitle: 'Deactivate {{name}}?',
    deactivateConfirm: 'The account is signed out at once and can no longer sign in.',
    reactivateConfirmTitle: 'Reactivate {{name}}?',
    reactivateConfirm: 'The account will be able to sign in again.',
    cannotDeactivateSelf: 'You cannot deactivate your own account',
    deactivated: '{{name}} deactivated',
    reactivated: '{{name}} reactivated',
    created: '{{name}} added',
    updated: '{{name}} updated',
    empty: 'No staff accounts yet',
    emptyFiltered: 'No staff member matches these filters',
    clearFilters: 'Clear filters',
    loadError: 'Could not load the staff list',
    form: {
      name: 'Name',
      nameRequired: 'Enter a name',
      nameMax: 'A name has at most {{max}} characters',
      email: 'Email',
      emailRequired: 'Enter an email address',
      emailInvalid: 'Enter a valid email address',
      role: 'Role',
      roleRequired: 'Choose a role',
      status: 'Status',
      password: 'Password',
      newPassword: 'New password',
      passwordRequired: 'Enter a password',
      passwordMin: 'A password has at least {{min}} characters',
      passwordKeep: 'Leave empty to keep the current password.',
      phone: 'Phone',
      phoneMax: 'A phone number has at most {{max}} characters',
      title: 'Title',
      titleMax: 'A title has at most {{max}} characters',
      emailTaken: 'This email is already in use',
      noChanges: 'Nothing to save',
    },
  },
};
