import { CLIENT_NAME_IDS_MAX, type ClientName } from '@dealflow/domain';
import { Select, Spin, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { label } from '../../../shared/i18n/label.ts';
import { useServerSearch } from '../../../shared/hooks/useServerSearch.ts';
import { useClientNames, useClientSearch } from '../api/clientsApi.ts';
import '../clients.css';

/** Wait this long after the last key before asking the server. */
export const CLIENT_SEARCH_DEBOUNCE_MS = 300;

interface CommonProps {
  id?: string;
  allowClear?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}

/** One client (the default), or with `mode="multiple"` several. Form.Item passes value, onChange and id in. */
export type ClientSelectProps = CommonProps &
  (
    | { mode?: undefined; value?: number | null; onChange?: (value: number | null) => void }
    | {
        mode: 'multiple';
        value?: number[];
        onChange?: (value: number[]) => void;
        /** Names the caller already has (the case's roles): not asked for again. */
        names?: ReadonlyArray<{ id: number; name: string }>;
      }
  );

/**
 * An investor picker: type part of a name or email and the server searches active clients
 * (`v1/clients/name`). The chosen clients' names are resolved by id, so a form opened on a stored
 * value shows who it is, even if that client is no longer active.
 */
export function ClientSelect(props: ClientSelectProps) {
  const { placeholder, allowClear, id, autoFocus } = props;
  const { t } = useTranslation();
  const { open, q, selectProps } = useServerSearch(CLIENT_SEARCH_DEBOUNCE_MS);
  const found = useClientSearch(q, { enabled: open });
  const multiple = props.mode === 'multiple';
  const chosen = multiple ? (props.value ?? []) : props.value ? [props.value] : [];

  // Names met so far (search results, look-ups, the caller's), so a chosen client keeps its name
  // while the list shows other matches; only the ones never met are looked up.
  const seen = useRef(new Map<number, ClientName>());
  const remember = (list: readonly ClientName[] | undefined) => {
    for (const c of list ?? []) seen.current.set(c.id, c);
  };
  remember(found.data?.result);
  if (multiple)
    for (const n of props.names ?? [])
      if (!seen.current.has(n.id)) seen.current.set(n.id, { id: n.id, name: n.name, membership: '' });
  const lookup = multiple ? chosen.filter((c) => !seen.current.has(c)).slice(0, CLIENT_NAME_IDS_MAX) : chosen;
  const held = useClientNames(lookup);
  remember(held.data);
  const resolving = lookup.length > 0 && held.isPending;

  const tierLabel = (tier: string) => label('membership', tier);
  const listed = found.data?.result ?? [];
  const kept = chosen
    .filter((c) => !listed.some((l) => l.id === c))
    .map((c) => seen.current.get(c))
    .filter((c): c is ClientName => c !== undefined);
  const clients: ClientName[] = [...kept, ...listed];
  const options = clients.map((c) => ({ value: c.id, label: c.name, membership: c.membership }));
  // A value whose name has not arrived (or no longer exists) still reads as something.
  for (const value of chosen) {
    if (!clients.some((c) => c.id === value) && !resolving) {
      options.unshift({ value, label: t('clients.select.unknown', { id: value }), membership: '' });
    }
  }
  const more = found.data && found.data.count > found.data.result.length ? found.data : null;

  return (
    <Select<number | number[]>
      id={id}
      autoFocus={autoFocus}
      aria-label={props['aria-label']}
      mode={multiple ? 'multiple' : undefined}
      allowClear={allowClear ? { label: t('labels.clear') } : false}
      className="client-select"
      value={multiple ? chosen : (props.value ?? undefined)}
      onChange={(v) => {
        if (props.mode === 'multiple') props.onChange?.(Array.isArray(v) ? v : []);
        else props.onChange?.(typeof v === 'number' ? v : null);
      }}
      placeholder={placeholder ?? t('clients.select.placeholder')}
      loading={found.isFetching || resolving}
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
