import type { ClientName } from '@dealflow/domain';
import { Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { label } from '../../../shared/i18n/label.ts';
import { useServerSearch } from '../../../shared/hooks/useServerSearch.ts';
import { useClientNames, useClientSearch } from '../api/clientsApi.ts';
import '../clients.css';

/** Wait this long after the last key before asking the server. */
export const CLIENT_SEARCH_DEBOUNCE_MS = 300;

export interface ClientSelectProps {
  /** A client id; Form.Item passes it (and onChange and id) in. */
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  allowClear?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * An investor picker: type part of a name or email and the server searches active clients
 * (`v1/clients/name`). The chosen client's name is resolved by id, so a form opened on a stored
 * value shows who it is, even if that client is no longer active.
 */
export function ClientSelect({ value, onChange, placeholder, allowClear, ...rest }: ClientSelectProps) {
  const { t } = useTranslation();
  const { open, q, selectProps } = useServerSearch(CLIENT_SEARCH_DEBOUNCE_MS);
  const found = useClientSearch(q, { enabled: open });
  const held = useClientNames(value ? [value] : []);

  const tierLabel = (tier: string) => label('membership', tier);
  const current = held.data?.find((c) => c.id === value);
  const listed = found.data?.result ?? [];
  const clients: ClientName[] =
    current && !listed.some((c) => c.id === current.id) ? [current, ...listed] : listed;
  const options = clients.map((c) => ({ value: c.id, label: c.name, membership: c.membership }));
  // A value whose name has not arrived (or no longer exists) still reads as something.
  if (value && !clients.some((c) => c.id === value) && !held.isPending) {
    options.unshift({ value, label: t('clients.select.unknown', { id: value }), membership: '' });
  }
  const more = found.data && found.data.count > found.data.result.length ? found.data : null;

  return (
    <Select<number>
      {...rest}
      allowClear={allowClear ? { label: t('labels.clear') } : false}
      className="client-select"
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={placeholder ?? t('clients.select.placeholder')}
      loading={found.isFetching || (value ? held.isPending : false)}
      {...selectProps}
      options={options}
      optionRender={(option) => (
        <span className="client-option">
          <span className="client-option__name">{option.label}</span>
          {option.data.membership && (
            <Typography.Text type="secondary" className="client-option__tier">
              {tierLabel(option.data.membership)}
            </Typography.Text>
          )}
        </span>
      )}
      notFoundContent={
        found.isPending && open ? (
          <Spin size="small" />
        ) : found.isError ? (
          t('clients.select.loadError')
        ) : (
          t('clients.select.notFound')
        )
      }
      popupRender={(menu) => (
        <>
          {menu}
          {more && (
            <Typography.Text type="secondary" className="client-select__more">
              {t('clients.select.more', { shown: more.result.length, count: more.count })}
            </Typography.Text>
          )}
        </>
      )}
    />
  );
}
