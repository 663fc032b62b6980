import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { useGroup, useGroups } from '../../groups/api/groupsApi.ts';

/** How many group names the filter offers at a time: typing narrows the list. */
const GROUP_OPTIONS = 20;

/**
 * The client group filter: type part of a group's name and the server searches the groups; the
 * chosen group is named even when it is not among the matches shown.
 */
export function GroupFilterSelect({
  value,
  onChange,
  className,
}: {
  value: number | undefined;
  onChange: (groupId: number | undefined) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const groups = useGroups(
    { q: q || undefined, sort: 'name:asc', page: 1, size: GROUP_OPTIONS },
    { enabled: open },
  );
  const chosen = useGroup(value ?? 0, { enabled: value !== undefined });
  const options = (groups.data?.result ?? []).map((g) => ({ value: g.id, label: g.name }));
  if (value !== undefined && !options.some((o) => o.value === value))
    options.unshift({
      value,
      label: chosen.data?.name ?? t('clientList.filter.groupFallback', { id: value }),
    });
  return (
    <Select<number>
      allowClear={{ label: t('labels.clear') }}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      className={className}
      aria-label={t('clientList.filter.group')}
      placeholder={t('clientList.filter.anyGroup')}
      loading={groups.isFetching}
      open={open}
      onOpenChange={setOpen}
      value={value}
      onChange={(id) => {
        setSearch('');
        onChange(id ?? undefined);
      }}
      options={options}
    />
  );
}
