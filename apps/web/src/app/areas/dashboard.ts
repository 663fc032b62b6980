// The staff area chunk: dashboard layouts and light pages (staff account management, client groups
// and the message inbox load apart; the report page with its charts loads apart too, areas/reports.ts).
export { DashboardExtendLayout, DashboardLayout } from '../layouts/DashboardLayout.tsx';
export { ContractConfigPage } from '../../features/contract/pages/ContractConfigPage.tsx';
export { QaConfigPage } from '../../features/qa/pages/QaConfigPage.tsx';
