// The client list and pipeline board (Table, @dnd-kit) load apart from the light dashboard pages.
import '../../features/clients/clients.css';

export { InvestorsPage } from '../../features/investors/pages/InvestorsPage.tsx';
