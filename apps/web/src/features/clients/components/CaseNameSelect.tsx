import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldDef, withStoredOption } from '../../../shared/fields/index.ts';
import { useServerSearch } from '../../../shared/hooks/useServerSearch.ts';
import { useCaseNames } from '../api/clientItemsApi.ts';
import { CLIENT_SEARCH_DEBOUNCE_MS } from './ClientSelect.tsx';
import '../clients.css';

/**
 * A case picker for client work (an interest, a client's due-diligence comment): type part of a
 * name and the server searches (`v1/cases/name`, which ir and sa may read). Form.Item passes value,
 * onChange and id in.
 */
export function CaseNameSelect({
  value,
  onChange,
  knownLabel,
  placeholder,
  allowClear,
  editableOnly,
  ...rest
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  autoFocus?: boolean;
  /** The name of a value given from outside (a filter read from the URL), until one is picked. */
  knownLabel?: string;
  placeholder?: string;
  allowClear?: boolean;
  /** Only the cases the person may change (a picker for a write, such as a new calendar event). */
  editableOnly?: boolean;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const { open, q, selectProps } = useServerSearch(CLIENT_SEARCH_DEBOUNCE_MS);
  const found = useCaseNames(q, { enabled: open, editable: editableOnly ?? false });
  // The chosen case keeps its name while the list shows another search.
  const [picked, setPicked] = useState<{ value: number; label: string } | null>(null);
  const options = withStoredOption(
    (found.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    picked?.value === value
      ? picked
      : value !== null && value !== undefined && knownLabel !== undefined
        ? { value, label: knownLabel }
        : null,
  );
  return (
    <Select<number>
      {...rest}
      className="client-select"
      value={value ?? undefined}
      onChange={(v, option) => {
        setPicked(
          v !== undefined && option && !Array.isArray(option)
            ? { value: v, label: String(option.label) }
            : null,
        );
        onChange?.(v ?? null);
      }}
      placeholder={placeholder ?? t('clientItems.caseSelect.placeholder')}
      allowClear={allowClear ? { label: t('labels.clear') } : false}
      loading={found.isFetching}
      {...selectProps}
      options={options}
      notFoundContent={
        found.isPending && open ? (
          <Spin size="small" />
        ) : found.isError ? (
          t('clientItems.caseSelect.loadError')
        ) : null
      }
    />
  );
}

/**
 * The case field of a new item of a client (an interest, a due-diligence comment): the case is
 * chosen once, when the item is added, and stays; an edit form has no such field.
 */
export function caseFieldWhenNew(
  item: object | null,
  text: { label: string; required: string },
  autoFocus = false,
): FieldDef[] {
  if (item) return [];
  return [
    {
      name: 'case_id',
      label: text.label,
      kind: 'custom',
      wide: true,
      required: text.required,
      input: <CaseNameSelect autoFocus={autoFocus} />,
    },
  ];
}
