// The firm calendar (issue 11): FullCalendar and the page load apart from the light dashboard pages.
export { CalendarPage } from '../../features/calendar/pages/CalendarPage.tsx';
