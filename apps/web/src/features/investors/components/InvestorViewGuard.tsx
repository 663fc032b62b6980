import { type ContactStage, dashboardGuard } from '@dealflow/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { guardDeniedState } from '../../../shared/navigation/guardNotice.ts';
import { useStaffUser } from '../../auth/session/index.ts';

/**
 * The process-status part of the dashboard guard (SPEC section 6): ir may not view p0–p4 clients,
 * sa may not view p5–p6. Pass the loaded client's `process_status` (null while it loads).
 */
export function InvestorViewGuard({
  processStatus,
  children,
}: {
  processStatus: ContactStage | null | undefined;
  children: ReactNode;
}) {
  const user = useStaffUser();
  const decision = dashboardGuard(user.role, 'dashboard-investor-id', { processStatus });
  if (!decision.allow) {
    return <Navigate to={decision.redirect} replace state={guardDeniedState('dashboard-investor-id')} />;
  }
  return children;
}
