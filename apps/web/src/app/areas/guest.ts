// The guest area chunk: login-type pages and their layout, and nothing of the signed-in areas.
// /register (its steps, code field and forms) is a chunk of its own: the sign-in pages never load it.
export { GuestLayout } from '../layouts/GuestLayout.tsx';
export { LoginPage } from '../../features/auth/pages/LoginPage.tsx';
export { StaffLoginPage } from '../../features/auth/pages/StaffLoginPage.tsx';
export { ForgotPasswordPage } from '../../features/account/pages/ForgotPasswordPage.tsx';
export { ResetPasswordPage } from '../../features/account/pages/ResetPasswordPage.tsx';
export { AcceptInvitationPage } from '../../features/account/pages/AcceptInvitationPage.tsx';
