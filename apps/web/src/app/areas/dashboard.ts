// The staff area chunk: dashboard layouts and light pages (staff account management loads apart).
export { DashboardExtendLayout, DashboardLayout } from '../layouts/DashboardLayout.tsx';
export { ReportPage } from '../../features/reports/pages/ReportPage.tsx';
export { CalendarPage } from '../../features/calendar/pages/CalendarPage.tsx';
export { GroupsPage } from '../../features/groups/pages/GroupsPage.tsx';
export { GroupPage } from '../../features/groups/pages/GroupPage.tsx';
export { InvestorsPage } from '../../features/investors/pages/InvestorsPage.tsx';
export { InvestorPage } from '../../features/investors/pages/InvestorPage.tsx';
export { ContractConfigPage } from '../../features/contract/pages/ContractConfigPage.tsx';
export { ContactPage } from '../../features/contact/pages/ContactPage.tsx';
