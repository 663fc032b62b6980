import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStaffDirectory } from '../../../shared/reference/referenceApi.ts';
import { CaseNameSelect } from '../../clients/components/CaseNameSelect.tsx';
import { ClientSelect } from '../../clients/components/ClientSelect.tsx';
import type { CalendarFilters } from '../lib/calendarParams.ts';

/**
 * The firm calendar's filters: a case (for those who read cases), a client (for those who read
 * clients) and a colleague (everyone), each with the pickers the rest of the app uses.
 */
export function CalendarFilterBar({
  filters,
  onChange,
  mayFilter,
  caseLabel,
}: {
  filters: CalendarFilters;
  onChange: (patch: CalendarFilters) => void;
  mayFilter: { cases: boolean; clients: boolean };
  /** The filtered case's name, known from its events (the picker only knows names it searched). */
  caseLabel?: string;
}) {
  const { t } = useTranslation();
  const directory = useStaffDirectory();
  const any =
    filters.caseId !== undefined || filters.clientId !== undefined || filters.employeeId !== undefined;
  return (
    <fieldset className="firm-calendar__filters" aria-label={t('calendar.filters.label')}>
      {mayFilter.cases && (
        <CaseNameSelect
          aria-label={t('calendar.filters.case')}
          placeholder={t('calendar.filters.casePlaceholder')}
          allowClear
          value={filters.caseId ?? null}
          knownLabel={caseLabel}
          onChange={(id) => onChange({ caseId: id ?? undefined })}
        />
      )}
      {mayFilter.clients && (
        <ClientSelect
          aria-label={t('calendar.filters.client')}
          placeholder={t('calendar.filters.clientPlaceholder')}
          allowClear
          value={filters.clientId ?? null}
          onChange={(id) => onChange({ clientId: id ?? undefined })}
        />
      )}
      <Select<number>
        className="firm-calendar__colleague"
        aria-label={t('calendar.filters.colleague')}
        placeholder={t('calendar.filters.colleaguePlaceholder')}
        allowClear={{ label: t('labels.clear') }}
        showSearch={{ optionFilterProp: 'label' }}
        loading={directory.isPending}
        value={filters.employeeId}
        onChange={(id) => onChange({ employeeId: id ?? undefined })}
        options={(directory.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
      />
      {any && (
        <Button
          type="link"
          onClick={() => onChange({ caseId: undefined, clientId: undefined, employeeId: undefined })}
        >
          {t('calendar.filters.clear')}
        </Button>
      )}
    </fieldset>
  );
}
