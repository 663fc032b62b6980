import type { ClientDuplicate } from '@dealflow/domain';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DuplicateField } from '../hooks/useDuplicateCheck.ts';

/**
 * Who already holds the email or phone just typed, with a way to open that record: 「此電子郵件已屬於
 * 王小明 — 開啟」. An email in use blocks saving (red); a shared phone is a warning. A record the
 * user may not open is named without a link.
 */
export function DuplicateNotice({
  field,
  hits,
  failed = false,
}: {
  field: DuplicateField;
  hits: readonly ClientDuplicate[];
  failed?: boolean;
}) {
  const { t } = useTranslation();
  if (failed)
    return (
      <Alert
        className="duplicate-notice"
        type="info"
        showIcon
        title={t('clientList.duplicate.checkFailed')}
      />
    );
  if (hits.length === 0) return null;
  const blocking = field === 'email';
  return (
    <Alert
      className="duplicate-notice"
      type={blocking ? 'error' : 'warning'}
      showIcon
      data-testid={`duplicate-${field}`}
      title={
        <ul className="duplicate-notice__list">
          {hits.map((hit) => (
            <li key={hit.id}>
              {t(`clientList.duplicate.${field}`, { name: hit.name })}
              {hit.is_deleted && t('clientList.duplicate.deleted')}
              {hit.visible ? (
                <>
                  {' — '}
                  <Link to={`/dashboard/investor/${hit.id}`}>{t('clientList.duplicate.open')}</Link>
                </>
              ) : (
                t('clientList.duplicate.hidden')
              )}
            </li>
          ))}
        </ul>
      }
      description={
        !blocking
          ? t('clientList.duplicate.phoneNotice')
          : hits.some((hit) => hit.visible)
            ? t('clientList.duplicate.emailBlocks')
            : t('clientList.duplicate.emailBlocksHidden')
      }
    />
  );
}
