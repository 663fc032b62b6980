// The case pipeline chunk: list, board (with @dnd-kit) and the case management page load apart
// from the light dashboard pages.
import '../../features/cases/cases.css';

export { CaseListPage } from '../../features/cases/pages/CaseListPage.tsx';
export { ManagerPage } from '../../features/cases/pages/ManagerPage.tsx';
