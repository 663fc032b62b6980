// The case management page (forms, date pickers, timeline) loads on its own: the list does not need it.
import '../../features/cases/cases.css';

export { ManagerPage } from '../../features/cases/pages/ManagerPage.tsx';
