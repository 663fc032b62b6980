// Work logs (issue 11): the page and its list load apart from the light dashboard pages.
export { WorkLogsPage } from '../../features/workLogs/pages/WorkLogsPage.tsx';
