import {
  BarChartOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  FileProtectOutlined,
  FormOutlined,
  IdcardOutlined,
  MessageOutlined,
  ProjectOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import {
  dashboardGuard,
  type RouteName,
  type StaffPermission,
  type StaffRole,
  staffCan,
} from '@dealflow/domain';
import type { ReactNode } from 'react';

export interface DashboardMenuEntry {
  key: string;
  /** The named route the entry opens: the guard table decides whether the role sees it. */
  route: RouteName;
  to: string;
  labelKey:
    | 'nav.cases'
    | 'nav.reportCase'
    | 'nav.reportInvestor'
    | 'nav.calendar'
    | 'nav.workLogs'
    | 'nav.todo'
    | 'nav.investors'
    | 'nav.groups'
    | 'nav.cards'
    | 'nav.contact'
    | 'nav.contract'
    | 'nav.qaConfig'
    | 'nav.auth';
  icon: ReactNode;
  /** A permission the entry also needs (the report a role reads: policy `reports.*`). */
  permission?: StaffPermission;
}

export const DASHBOARD_MENU: readonly DashboardMenuEntry[] = [
  {
    key: 'report-case',
    route: 'dashboard-report',
    to: '/dashboard/report?type=case',
    labelKey: 'nav.reportCase',
    icon: <BarChartOutlined />,
    permission: 'reports.cases',
  },
  {
    key: 'report-investor',
    route: 'dashboard-report',
    to: '/dashboard/report?type=investor',
    labelKey: 'nav.reportInvestor',
    icon: <BarChartOutlined />,
    permission: 'reports.investors',
  },
  {
    key: 'cases',
    route: 'dashboard',
    to: '/dashboard?status=all',
    labelKey: 'nav.cases',
    icon: <ProjectOutlined />,
  },
  {
    key: 'calendar',
    route: 'dashboard-calendar',
    to: '/dashboard/calendar',
    labelKey: 'nav.calendar',
    icon: <CalendarOutlined />,
  },
  {
    key: 'todo',
    route: 'dashboard-todo',
    to: '/dashboard/todo',
    labelKey: 'nav.todo',
    icon: <CheckSquareOutlined />,
  },
  {
    key: 'worklog',
    route: 'dashboard-worklog',
    to: '/dashboard/worklog',
    labelKey: 'nav.workLogs',
    icon: <FormOutlined />,
  },
  {
    key: 'investors',
    route: 'dashboard-investor',
    to: '/dashboard/investor',
    labelKey: 'nav.investors',
    icon: <TeamOutlined />,
  },
  {
    key: 'groups',
    route: 'dashboard-group',
    to: '/dashboard/group',
    labelKey: 'nav.groups',
    icon: <UsergroupAddOutlined />,
  },
  {
    key: 'cards',
    route: 'dashboard-cards',
    to: '/dashboard/cards',
    labelKey: 'nav.cards',
    icon: <IdcardOutlined />,
    permission: 'cards.use',
  },
  {
    key: 'contact',
    route: 'dashboard-contact-type',
    to: '/dashboard/contact',
    labelKey: 'nav.contact',
    icon: <MessageOutlined />,
  },
  {
    key: 'contract',
    route: 'dashboard-config-contract',
    to: '/dashboard/config/contract',
    labelKey: 'nav.contract',
    icon: <FileProtectOutlined />,
  },
  {
    key: 'qa',
    route: 'dashboard-config-qa',
    to: '/dashboard/config/qa',
    labelKey: 'nav.qaConfig',
    icon: <QuestionCircleOutlined />,
  },
  {
    key: 'auth',
    route: 'dashboard-auth',
    to: '/dashboard/auth',
    labelKey: 'nav.auth',
    icon: <SafetyCertificateOutlined />,
  },
];

/** The entries a role may open: the web hides what the guard would refuse (ARCHITECTURE, policies). */
export function menuFor(role: StaffRole): DashboardMenuEntry[] {
  return DASHBOARD_MENU.filter(
    (entry) =>
      dashboardGuard(role, entry.route).allow && (!entry.permission || staffCan(role, entry.permission)),
  );
}

/** The entry matching the current page, for highlighting. */
export function selectedMenuKey(pathname: string, search: string): string | null {
  const params = new URLSearchParams(search);
  if (pathname === '/dashboard/report')
    return params.get('type') === 'investor' ? 'report-investor' : 'report-case';
  if (pathname === '/dashboard') return 'cases';
  const match = DASHBOARD_MENU.filter((e) => e.key !== 'cases' && !e.key.startsWith('report'))
    .map((e) => ({ e, base: e.to.split('?')[0] ?? e.to }))
    .find(({ base }) => pathname === base || pathname.startsWith(`${base}/`));
  return match?.e.key ?? null;
}

/** The menu label naming a page a guard refused (pages without an entry use their section's). */
export function guardPageLabelKey(route: RouteName): DashboardMenuEntry['labelKey'] | 'nav.manager' {
  const entry = DASHBOARD_MENU.find((e) => e.route === route);
  if (entry) return entry.labelKey;
  if (route === 'dashboard-group-id') return 'nav.groups';
  if (route === 'dashboard-investor-id') return 'nav.investors';
  if (route === 'dashboard-manager-project') return 'nav.manager';
  return 'nav.cases';
}
