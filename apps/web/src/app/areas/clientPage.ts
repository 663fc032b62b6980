// The client page (forms, date pickers, timeline) loads on its own, like the case page: the
// dashboard's light pages do not need it. It shares the case page's header, tab and form styles.
import '../../features/cases/cases.css';
import '../../features/clients/clients.css';

export { InvestorPage } from '../../features/investors/pages/InvestorPage.tsx';
