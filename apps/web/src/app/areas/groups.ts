// Client groups (tables, modal forms, the client picker) load apart from the light dashboard pages.
export { GroupsPage } from '../../features/groups/pages/GroupsPage.tsx';
export { GroupPage } from '../../features/groups/pages/GroupPage.tsx';
