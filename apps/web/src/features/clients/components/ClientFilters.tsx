import { FilterOutlined } from '@ant-design/icons';
import { MEMBERSHIP_TIERS, staffCan } from '@dealflow/domain';
import { Badge, Button, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../shared/components/SearchInput.tsx';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { useLabel } from '../../../shared/i18n/label.ts';
import { keyOptionsOf, useStaffDirectory, useStaticKeys } from '../../../shared/reference/referenceApi.ts';
import type { ClientListParams, ExpiryFilter } from '../hooks/useClientListParams.ts';
import { clientTypeLabel, clientTypeOptions } from '../lib/clientTypes.ts';
import { GroupFilterSelect } from './GroupFilterSelect.tsx';

export type ClientFilterPatch = Partial<
  Pick<
    ClientListParams,
    | 'q'
    | 'membership'
    | 'type'
    | 'ownerId'
    | 'domain'
    | 'industry'
    | 'expiry'
    | 'groupId'
    | 'deleted'
    | 'pending'
  >
>;

/**
 * Search and the filters above the client list and board: typed search applies as the typing
 * pauses, choices at once, all kept in the URL. On a phone only the search shows; the other
 * filters fold behind a button that counts the active ones.
 */
export function ClientFilters({
  params,
  onChange,
}: {
  params: ClientListParams;
  onChange: (patch: ClientFilterPatch) => void;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const active = [
    params.membership,
    params.type,
    params.ownerId,
    params.domain,
    params.industry,
    params.expiry,
    params.groupId,
    params.deleted,
    params.pending,
  ].filter(Boolean).length;
  const folded = isMobile && !open;
  const search = (
    <SearchInput
      className="table-toolbar__search"
      label={t('clientList.filter.search')}
      value={params.q}
      onChange={(q) => onChange({ q })}
    />
  );
  return (
    <div className="table-toolbar client-filters">
      {isMobile ? (
        <div className="client-filters__mobile">
          {search}
          <Badge count={active} size="small" color="#b88f48">
            <Button
              icon={<FilterOutlined aria-hidden />}
              aria-expanded={open}
              aria-controls="client-filters-more"
              onClick={() => setOpen(!open)}
            >
              {t('clientList.filter.more')}
            </Button>
          </Badge>
        </div>
      ) : (
        search
      )}
      {!folded && <ClientFilterFields params={params} onChange={onChange} />}
    </div>
  );
}

function ClientFilterFields({
  params,
  onChange,
}: {
  params: ClientListParams;
  onChange: (patch: ClientFilterPatch) => void;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const directory = useStaffDirectory();
  const domains = useStaticKeys('domain');
  const industries = useStaticKeys('industry');
  const language = currentLanguage();
  // Owners are the colleagues who work clients (the server takes only them as `employee_id`).
  const owners = (directory.data ?? []).filter((e) => staffCan(e.role, 'clients.write'));
  const types = clientTypeOptions();
  // A type typed elsewhere (an older record) still shows as the chosen filter.
  if (params.type && !types.some((o) => o.value === params.type))
    types.push({ value: params.type, label: clientTypeLabel(params.type) });
  const clear = { label: t('labels.clear') };
  return (
    <div id="client-filters-more" className="client-filters__more">
      <Select<string>
        allowClear={clear}
        className="table-toolbar__select"
        aria-label={t('clientList.filter.membership')}
        placeholder={t('clientList.filter.anyMembership')}
        value={params.membership}
        onChange={(membership) => onChange({ membership: membership as ClientListParams['membership'] })}
        options={MEMBERSHIP_TIERS.map((tier) => ({ value: tier, label: label('membership', tier) }))}
        popupMatchSelectWidth={false}
      />
      <Select<string>
        allowClear={clear}
        className="table-toolbar__select"
        aria-label={t('clientList.filter.type')}
        placeholder={t('clientList.filter.anyType')}
        value={params.type || undefined}
        onChange={(type) => onChange({ type: type ?? '' })}
        options={types}
      />
      <Select<number>
        allowClear={clear}
        showSearch={{ optionFilterProp: 'label' }}
        className="table-toolbar__select"
        aria-label={t('clientList.filter.owner')}
        placeholder={t('clientList.filter.anyOwner')}
        loading={directory.isPending}
        value={params.ownerId}
        onChange={(ownerId) => onChange({ ownerId: ownerId ?? undefined })}
        options={owners.map((e) => ({ value: e.id, label: e.name }))}
      />
      <Select<string>
        allowClear={clear}
        showSearch={{ optionFilterProp: 'label' }}
        className="table-toolbar__select"
        aria-label={t('clientList.filter.domain')}
        placeholder={t('clientList.filter.anyDomain')}
        loading={domains.isPending}
        value={params.domain || undefined}
        onChange={(domain) => onChange({ domain: domain ?? '' })}
        options={keyOptionsOf(domains.data, language)}
      />
      <Select<string>
        allowClear={clear}
        showSearch={{ optionFilterProp: 'label' }}
        className="table-toolbar__select"
        aria-label={t('clientList.filter.industry')}
        placeholder={t('clientList.filter.anyIndustry')}
        loading={industries.isPending}
        value={params.industry || undefined}
        onChange={(industry) => onChange({ industry: industry ?? '' })}
        options={keyOptionsOf(industries.data, language)}
      />
      <Select<ExpiryFilter>
        allowClear={clear}
        className="table-toolbar__select"
        aria-label={t('clientList.filter.expiry')}
        placeholder={t('clientList.filter.anyExpiry')}
        value={params.expiry}
        onChange={(expiry) => onChange({ expiry: expiry ?? undefined })}
        options={[
          { value: 'expired', label: t('clientList.filter.expired') },
          { value: 'expiring', label: t('clientList.filter.expiring') },
        ]}
      />
      <GroupFilterSelect
        className="table-toolbar__select"
        value={params.groupId}
        onChange={(groupId) => onChange({ groupId })}
      />
      <span className="client-filters__switch">
        <Switch
          id="client-filter-deleted"
          size="small"
          checked={params.deleted}
          onChange={(deleted) => onChange({ deleted })}
        />
        <label htmlFor="client-filter-deleted">{t('clientList.showDeleted')}</label>
      </span>
      <span className="client-filters__switch">
        <Switch
          id="client-filter-pending"
          size="small"
          checked={params.pending}
          onChange={(pending) => onChange({ pending })}
        />
        <label htmlFor="client-filter-pending">{t('registration.pendingFilter')}</label>
      </span>
    </div>
  );
}
