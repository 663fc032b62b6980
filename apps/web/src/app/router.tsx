import { ROUTES, type RouteName } from '@dealflow/domain';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpin } from '../shared/components/FullPageSpin.tsx';
import { loadWords } from '../shared/i18n/index.ts';
import { RouteErrorScreen } from './chrome/RouteErrorScreen.tsx';
import { AreaGuard } from './guards/AreaGuard.tsx';
import { NotFoundScreen } from './guards/AppErrorScreen.tsx';
import { GuestOnly, HomeRedirect } from './guards/GuestOnly.tsx';
import type { RouteHandle } from './guards/routeMeta.ts';
import { RootShell } from './layouts/RootShell.tsx';

// One dynamic import per area, so a page only loads its own area's code: the login page never
// pulls the dashboard, and staff account management (Table, Form, Modal) loads on its own.
const guest = () => import('./areas/guest.ts');
const registerPage = () => import('../features/registration/pages/RegisterPage.tsx');
/** An area whose pages use the staff's words (a pack of their own): the area waits for them. */
const withStaffWords =
  <M,>(load: () => Promise<M>) =>
  () =>
    Promise.all([load(), loadWords('staff')]).then(([module]) => module);
const dashboard = withStaffWords(() => import('./areas/dashboard.ts'));
const reports = () => import('./areas/reports.ts');
const cases = () => import('./areas/cases.ts');
const caseManager = () => import('./areas/caseManager.ts');
const clientPage = () => import('./areas/clientPage.ts');
const clients = () => import('./areas/clients.ts');
const staffAuth = () => import('../features/employees/pages/StaffAuthPage.tsx');
const groups = () => import('./areas/groups.ts');
const workLogs = () => import('./areas/workLogs.ts');
const todoCentre = () => import('./areas/todoCentre.ts');
const calendar = () => import('./areas/calendar.ts');
const contact = () => import('./areas/contact.ts');
const cards = () => import('./areas/cards.ts');
// The investor shell draws its menu at once on a wide screen: the area waits for it there.
const investor = () =>
  import('./areas/investor.ts').then(async (m) => {
    await m.investorShellReady();
    return m;
  });
// Investors are on phones: each investor page is a chunk of its own, so a page loads only its own code.
const investorPage = {
  CaseDetailIdPage: () => import('../features/investor-area/pages/CaseDetailIdPage.tsx'),
  CaseDetailPage: () => import('../features/investor-area/pages/CaseDetailPage.tsx'),
  ChangePasswordPage: () => import('../features/investor-area/pages/ChangePasswordPage.tsx'),
  IndustryDetailPage: () => import('../features/investor-area/pages/IndustryDetailPage.tsx'),
  IndustryInvestmentPage: () => import('../features/investor-area/pages/IndustryInvestmentPage.tsx'),
  IndustryItemPage: () => import('../features/investor-area/pages/IndustryItemPage.tsx'),
  IndustryPage: () => import('../features/investor-area/pages/IndustryPage.tsx'),
  IndustryRecordPage: () => import('../features/investor-area/pages/IndustryRecordPage.tsx'),
  InvestorCasesPage: () => import('../features/investor-area/pages/InvestorCasesPage.tsx'),
  InvestorCasesStatusPage: () => import('../features/investor-area/pages/InvestorCasesStatusPage.tsx'),
  InvestorContactPage: () => import('../features/investor-area/pages/InvestorContactPage.tsx'),
  InvestorContractPage: () => import('../features/investor-area/pages/InvestorContractPage.tsx'),
  InvestorHomePage: () => import('../features/investor-area/pages/InvestorHomePage.tsx'),
  InvestorRedirectPage: () => import('../features/investor-area/pages/InvestorRedirectPage.tsx'),
  QaPage: () => import('../features/investor-area/pages/QaPage.tsx'),
};
const startup = withStaffWords(() => import('./areas/startup.ts'));

function component<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

function page(name: RouteName, lazy: RouteObject['lazy']): RouteObject {
  const handle: RouteHandle = { name };
  return { path: ROUTES[name], handle, lazy };
}

function layout(lazy: RouteObject['lazy'], children: RouteObject[]): RouteObject {
  return { lazy, children };
}

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <RootShell />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <FullPageSpin />,
    children: [
      {
        // Errors below replace the page, but the shell (loading bar) stays.
        errorElement: <RouteErrorScreen />,
        children: [
          { path: ROUTES.home, handle: { name: 'home' } satisfies RouteHandle, element: <HomeRedirect /> },
          {
            element: <GuestOnly />,
            children: [
              layout(
                component(guest, (m) => m.GuestLayout),
                [
                  page(
                    'login',
                    component(guest, (m) => m.LoginPage),
                  ),
                  page(
                    'dashboard-login',
                    component(guest, (m) => m.StaffLoginPage),
                  ),
                  page(
                    'register',
                    component(registerPage, (m) => m.RegisterPage),
                  ),
                  page(
                    'password-forgot',
                    component(guest, (m) => m.ForgotPasswordPage),
                  ),
                  page(
                    'password-reset',
                    component(guest, (m) => m.ResetPasswordPage),
                  ),
                  page(
                    'invitation-accept',
                    component(guest, (m) => m.AcceptInvitationPage),
                  ),
                ],
              ),
            ],
          },
          {
            element: <AreaGuard area="dashboard" />,
            children: [
              layout(
                component(dashboard, (m) => m.DashboardLayout),
                [
                  page(
                    'dashboard',
                    component(cases, (m) => m.CaseListPage),
                  ),
                  page(
                    'dashboard-report',
                    component(reports, (m) => m.ReportPage),
                  ),
                  page(
                    'dashboard-auth',
                    component(staffAuth, (m) => m.StaffAuthPage),
                  ),
                  page(
                    'dashboard-calendar',
                    component(calendar, (m) => m.CalendarPage),
                  ),
                  page(
                    'dashboard-todo',
                    component(todoCentre, (m) => m.TodoCentrePage),
                  ),
                  page(
                    'dashboard-worklog',
                    component(workLogs, (m) => m.WorkLogsPage),
                  ),
                  page(
                    'dashboard-group',
                    component(groups, (m) => m.GroupsPage),
                  ),
                  page(
                    'dashboard-group-id',
                    component(groups, (m) => m.GroupPage),
                  ),
                  page(
                    'dashboard-cards',
                    component(cards, (m) => m.CardsPage),
                  ),
                  page(
                    'dashboard-investor',
                    component(clients, (m) => m.InvestorsPage),
                  ),
                  page(
                    'dashboard-investor-id',
                    component(clientPage, (m) => m.InvestorPage),
                  ),
                  page(
                    'dashboard-config-contract',
                    component(dashboard, (m) => m.ContractConfigPage),
                  ),
                  page(
                    'dashboard-config-qa',
                    component(dashboard, (m) => m.QaConfigPage),
                  ),
                  page(
                    'dashboard-contact-type',
                    component(contact, (m) => m.ContactPage),
                  ),
                ],
              ),
              layout(
                component(dashboard, (m) => m.DashboardExtendLayout),
                [
                  page(
                    'dashboard-manager-project',
                    component(caseManager, (m) => m.ManagerPage),
                  ),
                ],
              ),
            ],
          },
          {
            element: <AreaGuard area="investor" />,
            children: [
              layout(
                component(investor, (m) => m.InvestorLayout),
                [
                  page(
                    'investor',
                    component(investorPage.InvestorHomePage, (m) => m.InvestorHomePage),
                  ),
                  page(
                    'investor-industry',
                    component(investorPage.IndustryPage, (m) => m.IndustryPage),
                  ),
                  page(
                    'investor-industry-id',
                    component(investorPage.IndustryItemPage, (m) => m.IndustryItemPage),
                  ),
                  page(
                    'investor-industry-detail',
                    component(investorPage.IndustryDetailPage, (m) => m.IndustryDetailPage),
                  ),
                  page(
                    'investor-industry-detail-id',
                    component(investorPage.IndustryItemPage, (m) => m.IndustryDetailItemPage),
                  ),
                  page(
                    'investor-industry-investment',
                    component(investorPage.IndustryInvestmentPage, (m) => m.IndustryInvestmentPage),
                  ),
                  page(
                    'investor-industry-record',
                    component(investorPage.IndustryRecordPage, (m) => m.IndustryRecordPage),
                  ),
                  page(
                    'investor-cases',
                    component(investorPage.InvestorCasesPage, (m) => m.InvestorCasesPage),
                  ),
                  page(
                    'investor-cases-post-investment',
                    component(investorPage.InvestorCasesStatusPage, (m) => m.PostInvestmentCasesPage),
                  ),
                  page(
                    'investor-cases-drop',
                    component(investorPage.InvestorCasesStatusPage, (m) => m.DroppedCasesPage),
                  ),
                  page(
                    'investor-cases-status',
                    component(investorPage.InvestorCasesStatusPage, (m) => m.InvestorCasesStatusPage),
                  ),
                  page(
                    'investor-cases-detail',
                    component(investorPage.CaseDetailPage, (m) => m.CaseDetailPage),
                  ),
                  page(
                    'investor-cases-detail-caseid',
                    component(investorPage.CaseDetailIdPage, (m) => m.CaseDetailIdPage),
                  ),
                  page(
                    'investor-contact',
                    component(investorPage.InvestorContactPage, (m) => m.InvestorContactPage),
                  ),
                  page(
                    'investor-contract',
                    component(investorPage.InvestorContractPage, (m) => m.InvestorContractPage),
                  ),
                  page(
                    'investor-qa',
                    component(investorPage.QaPage, (m) => m.QaPage),
                  ),
                ],
              ),
              layout(
                component(investor, (m) => m.ChangePasswordLayout),
                [
                  page(
                    'investor-changePassword',
                    component(investorPage.ChangePasswordPage, (m) => m.ChangePasswordPage),
                  ),
                ],
              ),
              layout(
                component(investor, (m) => m.EmptyLayout),
                [
                  page(
                    'investor-redirect',
                    component(investorPage.InvestorRedirectPage, (m) => m.InvestorRedirectPage),
                  ),
                ],
              ),
            ],
          },
          {
            element: <AreaGuard area="local" />,
            children: [
              layout(
                component(startup, (m) => m.StartupLayout),
                [
                  page(
                    'startup',
                    component(startup, (m) => m.StartupHomePage),
                  ),
                  page(
                    'startup-account',
                    component(startup, (m) => m.StartupAccountPage),
                  ),
                ],
              ),
            ],
          },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
