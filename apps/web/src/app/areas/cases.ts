// The case list and pipeline board (Table, @dnd-kit) load apart from the light dashboard pages.
import '../../features/cases/cases.css';

export { CaseListPage } from '../../features/cases/pages/CaseListPage.tsx';
