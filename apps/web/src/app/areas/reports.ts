// The report page's own chunk (issue 10): Chart.js and the page load only when the report is
// opened, never with the shell or the other staff pages.
export { ReportPage } from '../../features/reports/pages/ReportPage.tsx';
