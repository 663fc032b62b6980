import type { StaffRole } from '@dealflow/domain';
import type { clients, employees, startupUsers } from '../../db/schema/index.ts';

export type EmployeeRow = typeof employees.$inferSelect;
export type ClientRow = typeof clients.$inferSelect;
export type StartupUserRow = typeof startupUsers.$inferSelect;

/** Who is calling, resolved from a verified token and a fresh look-up of the account. */
export type Principal =
  | {
      kind: 'employee';
      id: number;
      role: StaffRole;
      reviewer: boolean;
      jti: string;
      expiresAt: Date;
      row: EmployeeRow;
    }
  | { kind: 'client'; id: number; jti: string; expiresAt: Date; row: ClientRow }
  | { kind: 'startup'; id: number; caseId: number | null; jti: string; expiresAt: Date; row: StartupUserRow };
