export {
  SessionProvider,
  sessionHome,
  useSession,
  useSessionHome,
  useSessionStore,
  useStaffUser,
} from './SessionContext.tsx';
export {
  type ActiveSession,
  createSessionStore,
  REVIEWER_COOKIE,
  type SessionState,
  type SessionStore,
  sessionKeys,
} from './sessionStore.ts';
