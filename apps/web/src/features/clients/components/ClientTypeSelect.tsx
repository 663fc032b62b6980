import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientTypeLabel, clientTypeOptions } from '../lib/clientTypes.ts';

/**
 * The investor type: the firm's usual types by their names (天使投資人, 領投天使…), or any other
 * type typed in (it is free text on the server). Form.Item passes value, onChange and id.
 */
export function ClientTypeSelect({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const options = clientTypeOptions();
  const extra = [value, typed.trim()].filter((v): v is string => !!v && !options.some((o) => o.value === v));
  for (const v of new Set(extra)) options.push({ value: v, label: clientTypeLabel(v) });
  return (
    <Select<string>
      id={id}
      allowClear={{ label: t('labels.clear') }}
      showSearch={{ optionFilterProp: 'label', onSearch: setTyped }}
      value={value ?? undefined}
      onChange={(v) => {
        setTyped('');
        onChange?.(v ?? null);
      }}
      options={options}
    />
  );
}
