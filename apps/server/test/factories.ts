import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { normalizeFundInfo, type StaffRole } from '@dealflow/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import {
  caseCalendars,
  caseComments,
  caseDdComments,
  caseReviewComments,
  caseReviews,
  caseInfoUpdates,
  caseMaintenances,
  caseRoles,
  caseShareholderHistories,
  caseTodos,
  cases,
  clients,
  clientTodos,
  employees,
  startupUsers,
} from '../src/db/schema/index.ts';
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

// ── Sub-resources of a case: each creates its case when none is given. ─────────────────────

async function caseIdOf(db: Db, caseId: number | undefined) {
  return caseId ?? (await buildCase(db)).id;
}

export async function buildTodo(db: Db, overrides: Partial<typeof caseTodos.$inferInsert> = {}) {
  const case_id = await caseIdOf(db, overrides.case_id);
  const [row] = await db
    .insert(caseTodos)
    .values({ title: '準備投資備忘錄', ...overrides, case_id })
    .returning();
  return row!;
}

/** A to-do of a client (its client made when none is given). */
export async function buildClientTodo(db: Db, overrides: Partial<typeof clientTodos.$inferInsert> = {}) {
  const client_id = overrides.client_id ?? (await buildClient(db)).id;
  const [row] = await db
    .insert(clientTodos)
    .values({ title: '安排案件說明會', ...overrides, client_id })
    .returning();
  return row!;
}

export async function buildCalendarEvent(db: Db, overrides: Partial<typeof caseCalendars.$inferInsert> = {}) {
  const case_id = await caseIdOf(db, overrides.case_id);
  const start = new Date('2030-01-10T02:00:00Z');
  const [row] = await db
    .insert(caseCalendars)
    .values({
      title: '創辦人會議',
      start_at: start,
      end_at: new Date(start.getTime() + 3_600_000),
      ...overrides,
      case_id,
    })
    .returning();
  return row!;
}

export async function buildComment(db: Db, overrides: Partial<typeof caseComments.$inferInsert> = {}) {
  const case_id = await caseIdOf(db, overrides.case_id);
  const [row] = await db
    .insert(caseComments)
    .values({ comment: '團隊完整，值得深入評估。', ...overrides, case_id })
    .returning();
  return row!;
}

export async function buildMaintenance(
  db: Db,
  overrides: Partial<typeof caseMaintenances.$inferInsert> = {},
) {
  const case_id = await caseIdOf(db, overrides.case_id);
  const [row] = await db
    .insert(caseMaintenances)
    .values({ title: '季度訪視', date: '2030-01-15', ...overrides, case_id })
    .returning();
  return row!;
}

export async function buildInfoUpdate(db: Db, overrides: Partial<typeof caseInfoUpdates.$inferInsert> = {}) {
  const case_id = await caseIdOf(db, overrides.case_id);
  const [row] = await db
    .insert(caseInfoUpdates)
    .values({ title: '營收更新', ...overrides, case_id })
    .returning();
  return row!;
}

export async function buildShareholderHistory(
  db: Db,
  overrides: Partial<typeof caseShareholderHistories.$inferInsert> = {},
) {
  const case_id = await caseIdOf(db, overrides.case_id);
  const [row] = await db
    .insert(caseShareholderHistories)
    .values({ title: '增資前', shareholders: [{ name: '創辦人', shares: 1000 }], ...overrides, case_id })
    .returning();
  return row!;
}

/** A role row written straight to the table, with the case's fund_info to match (no edit rule applied). */
export async function buildCaseRole(db: Db, overrides: Partial<typeof caseRoles.$inferInsert> = {}) {
  const case_id = await caseIdOf(db, overrides.case_id);
  const client_id = overrides.client_id ?? (await buildClient(db)).id;
  const [row] = await db
    .insert(caseRoles)
    .values({ role: 'co_invest', ...overrides, case_id, client_id })
    .returning();
  // The case's fund_info lists exactly its role rows; a factory keeps it so.
  const [kase] = await db.select({ fund_info: cases.fund_info }).from(cases).where(eq(cases.id, case_id));
  const info = normalizeFundInfo(kase!.fund_info);
  if (row!.role === 'lead_angel') info.lead_angel = client_id;
  else if (!info[row!.role].includes(client_id)) info[row!.role].push(client_id);
  await db
    .update(cases)
    .set({ fund_info: info as unknown as Record<string, unknown> })
    .where(eq(cases.id, case_id));
  return row!;
}

// ── Due-diligence comments and the startup's review. ─────────────────────────────────────────

export async function buildDdComment(db: Db, overrides: Partial<typeof caseDdComments.$inferInsert> = {}) {
  const case_id = await caseIdOf(db, overrides.case_id);
  const [row] = await db
    .insert(caseDdComments)
    .values({ content: '財務報表與銀行往來核對無誤。', ...overrides, case_id })
    .returning();
  return row!;
}

/**
 * The review of a startup user, written straight to the table (no contract check, so a test can
 * store what the API would refuse). Creates the startup user, and its case, unless given.
 */
export async function buildReview(
  db: Db,
  overrides: Partial<typeof caseReviews.$inferInsert> & { startup_user_id?: number } = {},
) {
  const user =
    overrides.startup_user_id === undefined
      ? await buildStartupUser(db, overrides.case_id === undefined ? {} : { case_id: overrides.case_id })
      : (await db.select().from(startupUsers).where(eq(startupUsers.id, overrides.startup_user_id)))[0]!;
  const [row] = await db
    .insert(caseReviews)
    .values({
      update_content: { overview: '我們的產品已進入量產。' },
      status: 1,
      ...overrides,
      startup_user_id: user.id,
      case_id: overrides.case_id ?? user.case_id!,
    })
    .returning();
  return row!;
}

export async function buildReviewComment(
  db: Db,
  overrides: Partial<typeof caseReviewComments.$inferInsert> & { review_id: number },
) {
  const [row] = await db
    .insert(caseReviewComments)
    .values({ content: '請補充近一年營收。', ...overrides })
    .returning();
  return row!;
}
