import { FilterOutlined } from '@ant-design/icons';
import { CURRENCIES } from '@dealflow/domain';
import { Badge, Button, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../shared/components/SearchInput.tsx';
import { label } from '../../../shared/i18n/label.ts';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { useStaffDirectory, useStaticKeys } from '../api/casesApi.ts';
import { domainOptionsOf } from '../lib/domainOptions.ts';
import type { CaseListParams } from '../hooks/useCaseListParams.ts';

type FilterPatch = Partial<Pick<CaseListParams, 'q' | 'aoId' | 'round' | 'domain' | 'currency' | 'deleted'>>;

/**
 * Search, round, domain, AO and currency filters and the deleted switch above the case list; typed
 * filters apply as the typing pauses, choices at once. On a
 * phone only the search shows; the other filters fold behind a button that counts the active ones.
 */
export function CaseFilters({
  params,
  onChange,
}: {
  params: CaseListParams;
  onChange: (patch: FilterPatch) => void;
}) {
  const { t } = useTranslation();
  const directory = useStaffDirectory();
  const domains = useStaticKeys('domain');
  const domainOptions = domainOptionsOf(domains.data, currentLanguage());
  const aos = (directory.data ?? []).filter((e) => e.role === 'ao' || e.role === 'admin');
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const active = [params.round, params.domain, params.aoId, params.currency, params.deleted].filter(
    Boolean,
  ).length;
  const folded = isMobile && !open;
  const search = (
    <SearchInput
      className="table-toolbar__search"
      label={t('cases.filter.search')}
      value={params.q}
      onChange={(q) => onChange({ q })}
    />
  );
  return (
    <div className="table-toolbar case-filters">
      {isMobile ? (
        <div className="case-filters__mobile">
          {search}
          <Badge count={active} size="small" color="#b88f48">
            <Button
              icon={<FilterOutlined aria-hidden />}
              aria-expanded={open}
              aria-controls="case-filters-more"
              onClick={() => setOpen(!open)}
            >
              {t('cases.filter.more')}
            </Button>
          </Badge>
        </div>
      ) : (
        search
      )}
      {!folded && <CaseFilterFields {...{ params, onChange, domainOptions, aos, directory, domains }} />}
    </div>
  );
}

function CaseFilterFields({
  params,
  onChange,
  domainOptions,
  aos,
  directory,
  domains,
}: {
  params: CaseListParams;
  onChange: (patch: FilterPatch) => void;
  domainOptions: ReturnType<typeof domainOptionsOf>;
  aos: Array<{ id: number; name: string }>;
  directory: { isPending: boolean };
  domains: { isPending: boolean };
}) {
  const { t } = useTranslation();
  return (
    <div id="case-filters-more" className="case-filters__more">
      <SearchInput
        prefix={null}
        className="table-toolbar__select"
        label={t('cases.filter.round')}
        value={params.round}
        onChange={(round) => onChange({ round })}
      />
      <Select<string>
        allowClear={{ label: t('labels.clear') }}
        showSearch={{ optionFilterProp: 'label' }}
        className="table-toolbar__select"
        aria-label={t('cases.filter.domain')}
        placeholder={t('cases.filter.anyDomain')}
        loading={domains.isPending}
        value={params.domain || undefined}
        onChange={(domain) => onChange({ domain: domain ?? '' })}
        options={domainOptions}
      />
      <Select<number>
        allowClear={{ label: t('labels.clear') }}
        showSearch={{ optionFilterProp: 'label' }}
        className="table-toolbar__select"
        aria-label={t('cases.filter.ao')}
        placeholder={t('cases.filter.anyAo')}
        loading={directory.isPending}
        value={params.aoId}
        onChange={(aoId) => onChange({ aoId: aoId ?? undefined })}
        options={aos.map((e) => ({ value: e.id, label: e.name }))}
      />
      <Select<string>
        allowClear={{ label: t('labels.clear') }}
        className="table-toolbar__select"
        aria-label={t('cases.filter.currency')}
        placeholder={t('cases.filter.anyCurrency')}
        value={params.currency || undefined}
        onChange={(currency) => onChange({ currency: currency ?? '' })}
        options={CURRENCIES.map((c) => ({ value: c, label: label('currency', c) }))}
      />
      <span className="case-filters__switch">
        <Switch
          id="case-filter-deleted"
          size="small"
          checked={params.deleted}
          onChange={(deleted) => onChange({ deleted })}
        />
        <label htmlFor="case-filter-deleted">{t('cases.showDeleted')}</label>
      </span>
    </div>
  );
}
