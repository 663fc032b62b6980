import { i18n } from '../../../shared/i18n/index.ts';
import { label } from '../../../shared/i18n/label.ts';

const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
const SAFE = /^[a-z_.]{1,60}$/;

/** A case history action in words (建立案件, 移動階段, 新增待辦…), as the case's own history tab reads it. */
export function caseActionText(action: string): string {
  const key = `cases.history.action.${action}`;
  if (SAFE.test(action) && i18n.exists(key)) return t(key);
  return t('clientPage.history.action.changed');
}

/** A client history action in words: `client.move` as 移動聯絡階段, `client.todo.create` as 新增待辦. */
export function clientActionText(action: string): string {
  const bare = action.replace(/^client\./, '');
  if (!SAFE.test(bare)) return t('clientPage.history.action.changed');
  if (i18n.exists(`clientPage.history.action.${bare}`)) return t(`clientPage.history.action.${bare}`);
  const dot = bare.lastIndexOf('.');
  const verb = dot < 0 ? '' : bare.slice(dot + 1);
  const item = dot < 0 ? '' : bare.slice(0, dot);
  if (!verb || !i18n.exists(`clientPage.history.verb.${verb}`)) return t('clientPage.history.action.changed');
  const what = i18n.exists(`clientPage.history.item.${item}`)
    ? t(`clientPage.history.item.${item}`)
    : t('clientPage.history.item.other');
  return t(`clientPage.history.verb.${verb}`, { item: what });
}

/** The stage move an entry records (`status` of a case, `process_status` of a client), in words. */
export function stageMoveText(
  kind: 'case' | 'client',
  changes: Record<string, { from: unknown; to: unknown }>,
): string | null {
  const change = changes[kind === 'case' ? 'status' : 'process_status'];
  if (!change || typeof change.to !== 'string') return null;
  const name = (v: unknown) =>
    typeof v === 'string' ? label(kind === 'case' ? 'caseStage' : 'contactStage', v) : t('common.none');
  if (change.from === null || change.from === undefined) return null;
  return t('report.activity.moved', { from: name(change.from), to: name(change.to) });
}
