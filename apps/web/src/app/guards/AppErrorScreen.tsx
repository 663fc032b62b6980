import { useNavigate } from 'react-router';
import { useSessionHome } from '../../features/auth/session/index.ts';
import { ErrorScreen, type ErrorStatus } from '../../shared/components/ErrorScreen.tsx';

/** The error screen with 回首頁 going to the current session's home. */
export function AppErrorScreen({ status }: { status: ErrorStatus }) {
  const home = useSessionHome();
  const navigate = useNavigate();
  return (
    <ErrorScreen
      status={status}
      homePath={home}
      // After a 500 the app state is suspect: a full load starts clean.
      onHome={(path) => (status === 500 ? window.location.assign(path) : navigate(path))}
    />
  );
}

export function NotFoundScreen() {
  return <AppErrorScreen status={404} />;
}
