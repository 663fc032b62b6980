import type { Client } from '@dealflow/domain';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { ClientAccountsTab } from './ClientAccountsTab.tsx';
import { ClientCalendarTab } from './ClientCalendarTab.tsx';
import { ClientContactsTab } from './ClientContactsTab.tsx';
import { ClientDdTab } from './ClientDdTab.tsx';
import { ClientInterestsTab } from './ClientInterestsTab.tsx';
import { ClientTodosTab } from './ClientTodosTab.tsx';
import { ClientCasesTab } from './ClientCasesTab.tsx';
import { ClientFilesTab } from './ClientFilesTab.tsx';
import { ClientHistoryTab } from './ClientHistoryTab.tsx';
import { ClientNotificationsTab } from './ClientNotificationsTab.tsx';
import { ClientPortfolioCard } from './ClientPortfolioCard.tsx';
import { ClientProfileTab } from './ClientProfileTab.tsx';

/** What every tab of the client page is given. */
export interface ClientTabProps {
  client: Client;
  /** Whether the viewer may change this client (and its items): false for reviewers and deleted clients. */
  editable: boolean;
}

export interface ClientTab {
  /** The tab's key in the URL (`?tab=`); the first tab is the default and has none. */
  key: string;
  /** The i18n key of the tab's name. */
  label: ParseKeys;
  component: (props: ClientTabProps) => ReactNode;
}

/**
 * The tabs of the client page, in order. Each sub-resource of a client (issue 9) brings its own
 * tab component; they are listed here and nowhere else.
 */
export const CLIENT_TABS: readonly ClientTab[] = [
  {
    key: 'profile',
    label: 'clientPage.tabs.profile',
    component: (props) => <ClientProfileTab {...props} />,
  },
  {
    key: 'contacts',
    label: 'clientPage.tabs.contacts',
    component: (props) => <ClientContactsTab {...props} />,
  },
  { key: 'todos', label: 'clientPage.tabs.todos', component: (props) => <ClientTodosTab {...props} /> },
  {
    key: 'portfolio',
    label: 'clientPage.tabs.portfolio',
    component: (props) => (
      <>
        <ClientPortfolioCard {...props} />
        <ClientCasesTab {...props} />
      </>
    ),
  },
  {
    key: 'interests',
    label: 'clientPage.tabs.interests',
    component: (props) => <ClientInterestsTab {...props} />,
  },
  { key: 'dd', label: 'clientPage.tabs.dd', component: (props) => <ClientDdTab {...props} /> },
  {
    key: 'accounts',
    label: 'clientPage.tabs.accounts',
    component: (props) => <ClientAccountsTab {...props} />,
  },
  { key: 'files', label: 'clientPage.tabs.files', component: (props) => <ClientFilesTab {...props} /> },
  {
    key: 'calendars',
    label: 'clientPage.tabs.calendars',
    component: (props) => <ClientCalendarTab {...props} />,
  },
  {
    key: 'notifications',
    label: 'clientPage.tabs.notifications',
    component: (props) => <ClientNotificationsTab {...props} />,
  },
  {
    key: 'history',
    label: 'clientPage.tabs.history',
    component: ({ client }) => <ClientHistoryTab client={client} />,
  },
];
