// The message inbox (thread list, thread, reply, live channel) loads apart from the light dashboard pages.
export { ContactPage } from '../../features/contact/pages/ContactPage.tsx';
