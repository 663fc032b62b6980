import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@dealflow/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { cases, clients, employees, startupUsers } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';

export const TEST_PASSWORD = 'correct-horse-battery';
let hashed: Promise<string> | null = null;
/** One real scrypt hash per test file: factories reuse it instead of hashing for every row. */
const passwordHash = () => {
  hashed ??= hashPassword(TEST_PASSWORD);
  return hashed;
};

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@test.example`;

type EmployeeInsert = typeof employees.$inferInsert;
type ClientInsert = typeof clients.$inferInsert;
type CaseInsert = typeof cases.$inferInsert;
type StartupInsert = typeof startupUsers.$inferInsert;

export async function buildEmployee(db: Db, overrides: Partial<EmployeeInsert> & { role?: StaffRole } = {}) {
  const [row] = await db
    .insert(employees)
    .values({
      email: uniqueEmail(overrides.role ?? 'staff'),
      name: '測試員工',
      role: 'ao',
      password_hash: await passwordHash(),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function buildClient(db: Db, overrides: Partial<ClientInsert> = {}) {
  const [row] = await db
    .insert(clients)
    .values({
      email: uniqueEmail('investor'),
      name: '測試投資人',
      password_hash: await passwordHash(),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function buildCase(db: Db, overrides: Partial<CaseInsert> = {}) {
  const [row] = await db
    .insert(cases)
    .values({ name: `測試公司 ${randomBytes(3).toString('hex')}`, ...overrides })
    .returning();
  return row!;
}

/** A startup user; creates the case it belongs to unless one is given. */
export async function buildStartupUser(db: Db, overrides: Partial<StartupInsert> = {}) {
  const caseId = overrides.case_id === undefined ? (await buildCase(db)).id : overrides.case_id;
  const [row] = await db
    .insert(startupUsers)
    .values({
      email: uniqueEmail('startup'),
      name: '測試新創',
      password_hash: await passwordHash(),
      ...overrides,
      case_id: caseId,
    })
    .returning();
  return row!;
}

const LOGIN_URL = {
  dashboard: '/api/internal/v1/auth/employees',
  investor: '/api/internal/v1/auth/clients',
  local: '/api/auth/login',
} as const;

/** Signs in through the real endpoint and returns the token. */
export async function signIn(
  app: FastifyInstance,
  strategy: keyof typeof LOGIN_URL,
  email: string,
  password = TEST_PASSWORD,
) {
  const res = await app.inject({ method: 'POST', url: LOGIN_URL[strategy], payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed ${res.statusCode}: ${res.body}`);
  const body = res.json() as { token?: string; data?: { token: string } };
  return strategy === 'local' ? body.token! : body.data!.token;
}

/** A signed-in staff member of the given role. */
export async function staffSession(
  app: FastifyInstance,
  db: Db,
  role: StaffRole,
  overrides: Partial<EmployeeInsert> = {},
) {
  const employee = await buildEmployee(db, { role, ...overrides });
  return { employee, token: await signIn(app, 'dashboard', employee.email) };
}
