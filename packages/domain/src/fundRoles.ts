/**
 * Investor roles on a case (`fund_info`, SPEC section 3) and the fund role edit rule of SPEC
 * section 4. Kept pure so the server applies exactly the rule the web previews.
 */

export const FUND_ROLES = ['lead_angel', 'panel', 'co_invest', 'observer', 'advisor'] as const;
export type FundRole = (typeof FUND_ROLES)[number];

/** Every role but lead_angel holds a list of clients; there is only one lead. */
export const FUND_ROLE_LISTS = [
  'panel',
  'co_invest',
  'observer',
  'advisor',
] as const satisfies readonly FundRole[];
export type FundRoleList = (typeof FUND_ROLE_LISTS)[number];

/** Client ids per role. Field names are the stored JSON's, hence snake_case. */
export interface FundInfo {
  lead_angel: number | null;
  panel: number[];
  co_invest: number[];
  observer: number[];
  advisor: number[];
}

export const FUND_ROLE_LABELS: Record<FundRole, { 'zh-TW': string; en: string }> = {
  lead_angel: { 'zh-TW': '領投天使', en: 'Lead angel' },
  panel: { 'zh-TW': '評審團', en: 'Panel' },
  co_invest: { 'zh-TW': '共同投資', en: 'Co-investor' },
  observer: { 'zh-TW': '觀察員', en: 'Observer' },
  advisor: { 'zh-TW': '顧問', en: 'Advisor' },
};

function buildFundInfo(leadAngel: number | null, list: (role: FundRoleList) => number[]): FundInfo {
  return {
    lead_angel: leadAngel,
    panel: list('panel'),
    co_invest: list('co_invest'),
    observer: list('observer'),
    advisor: list('advisor'),
  };
}

/** Fresh arrays every time, so an edit of the result never reaches the input. */
function copyFundInfo(info: FundInfo): FundInfo {
  return buildFundInfo(info.lead_angel, (role) => [...info[role]]);
}

export function emptyFundInfo(): FundInfo {
  return buildFundInfo(null, () => []);
}

/** Client ids are database serials: positive integers. Anything else (ids as strings included) is not one. */
function isClientId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Arrays pass too, harmlessly: they have no role keys, so they normalize to empty fund info. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function clientIdList(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  // A Set keeps the first occurrence of each id, so the order people were added in survives.
  return [...new Set(value.filter(isClientId))];
}

/**
 * A well-formed FundInfo from whatever is stored: `fund_info` is JSON that older or hand-edited
 * rows may hold in any shape, and the edit rule below assumes lists without duplicates.
 */
export function normalizeFundInfo(raw: unknown): FundInfo {
  const source = isRecord(raw) ? raw : {};
  return buildFundInfo(isClientId(source.lead_angel) ? source.lead_angel : null, (role) =>
    clientIdList(source[role]),
  );
}

/**
 * The fund role edit rule of SPEC section 4, for one client whose role is edited from `from`
 * (null when the client had no role yet) to `to`. Expects normalized info; returns a new object.
 */
export function applyFundRoleEdit(
  info: FundInfo,
  edit: { clientId: number; from: FundRole | null; to: FundRole },
): FundInfo {
  const { clientId, from, to } = edit;
  const next = copyFundInfo(info);
  if (to === 'lead_angel') {
    if (info.lead_angel === clientId) return next;
    // The spec removes the new lead only from the list he was edited from; other roles he holds stay.
    if (from !== null && from !== 'lead_angel') next[from] = next[from].filter((id) => id !== clientId);
    // The displaced lead keeps a say in the case as a panel member rather than vanishing from it.
    if (info.lead_angel !== null && !next.panel.includes(info.lead_angel)) next.panel.push(info.lead_angel);
    next.lead_angel = clientId;
    return next;
  }
  // Per the spec, assigning a list role only adds: moving between two list roles leaves the
  // client in the `from` list too (removeFromFundRole takes him out explicitly).
  if (!next[to].includes(clientId)) next[to].push(clientId);
  // Only an edit of the lead's own lead role clears it; giving the lead an extra role does not.
  if (from === 'lead_angel' && info.lead_angel === clientId) next.lead_angel = null;
  return next;
}

/** Takes a client out of one role; a role he does not hold is left as it is. Returns a new object. */
export function removeFromFundRole(info: FundInfo, removal: { clientId: number; role: FundRole }): FundInfo {
  const { clientId, role } = removal;
  const next = copyFundInfo(info);
  if (role === 'lead_angel') {
    if (next.lead_angel === clientId) next.lead_angel = null;
    return next;
  }
  next[role] = next[role].filter((id) => id !== clientId);
  return next;
}
