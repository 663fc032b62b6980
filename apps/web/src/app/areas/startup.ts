// The startup area chunk.
export { StartupLayout } from '../layouts/StartupLayout.tsx';
export { StartupHomePage } from '../../features/startup/pages/StartupHomePage.tsx';
export { StartupAccountPage } from '../../features/startup/pages/StartupAccountPage.tsx';
