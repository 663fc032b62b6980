import { CURRENCIES } from '@dealflow/domain';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FieldDef, FormFields } from '../../../shared/fields/index.ts';
import { label } from '../../../shared/i18n/label.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { useStaffDirectory, useStaticKeys } from '../api/casesApi.ts';
import { domainOptionsOf } from '../lib/domainOptions.ts';

/** Lengths of the case contract (packages/domain contracts/cases.ts). */
export const CASE_MAX = { name: 200, source: 500, round: 50, overview: 20_000, coInvestor: 2000 } as const;

export interface CaseCoreValues {
  name: string;
  ao_id?: number | null;
  agent_ids?: number[];
  currency?: string;
  website?: string;
  source?: string;
  round?: string;
  pre_money?: number | null;
  fund_raising?: number | null;
  funding?: number | null;
  co_investor?: string;
  domain_keys?: string[];
  overview?: string;
}

const blankToNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** Form values as the API takes them: blank texts are null. */
export function caseBodyOf(values: CaseCoreValues) {
  return {
    name: values.name.trim(),
    ao_id: values.ao_id ?? null,
    agent_ids: values.agent_ids ?? [],
    currency: values.currency as (typeof CURRENCIES)[number] | undefined,
    website: blankToNull(values.website),
    source: blankToNull(values.source),
    round: blankToNull(values.round),
    pre_money: values.pre_money ?? null,
    fund_raising: values.fund_raising ?? null,
    domain_keys: values.domain_keys ?? [],
    overview: blankToNull(values.overview),
    ...(values.funding !== undefined ? { funding: values.funding } : {}),
  };
}

/**
 * The core fields of a case as field definitions: the create drawer and the overview form render
 * them as inputs, a reader without edit rights sees them as text (RecordView).
 */
export function useCaseFieldDefs({
  aoEditable,
  withFunding,
}: {
  aoEditable: boolean;
  withFunding?: boolean;
}): FieldDef[] {
  const { t } = useTranslation();
  // Only colleagues who work on cases can run one (the server checks the same rule).
  const directory = useStaffDirectory('case');
  const domains = useStaticKeys('domain');
  const domainOptions = domainOptionsOf(domains.data, currentLanguage());
  const staff = (directory.data ?? []).map((e) => ({
    value: e.id,
    label: `${e.name}（${t(`roles.${e.role}`)}）`,
  }));
  const amountRule = { type: 'number' as const, min: 0, message: t('cases.form.amountInvalid') };
  const money = (name: 'fund_raising' | 'pre_money' | 'funding', label: string): FieldDef => ({
    name,
    label,
    kind: 'money',
    rules: [amountRule],
  });
  return [
    {
      name: 'name',
      label: t('cases.form.name'),
      kind: 'text',
      wide: true,
      required: t('cases.form.nameRequired'),
      rules: [{ max: CASE_MAX.name, message: t('cases.form.nameMax', { max: CASE_MAX.name }) }],
    },
    { name: 'ao_id', label: t('cases.form.ao'), kind: 'select', options: staff, disabled: !aoEditable },
    { name: 'agent_ids', label: t('cases.form.agents'), kind: 'select', multiple: true, options: staff },
    {
      name: 'currency',
      label: t('cases.form.currency'),
      kind: 'select',
      options: CURRENCIES.map((c) => ({ value: c, label: label('currency', c) })),
      input: <Select options={CURRENCIES.map((c) => ({ value: c, label: label('currency', c) }))} />,
    },
    {
      name: 'round',
      label: t('cases.form.round'),
      kind: 'text',
      max: CASE_MAX.round,
      placeholder: 'Seed / Pre-A / A',
    },
    money('fund_raising', t('cases.form.fundRaising')),
    money('pre_money', t('cases.form.preMoney')),
    ...(withFunding ? [{ ...money('funding', t('cases.form.funding')), wide: true }] : []),
    { name: 'website', label: t('cases.form.website'), kind: 'url', wide: true, placeholder: 'https://' },
    { name: 'source', label: t('cases.form.source'), kind: 'text', wide: true, max: CASE_MAX.source },
    {
      name: 'domain_keys',
      label: t('cases.form.domains'),
      kind: 'tags',
      wide: true,
      extra: t('cases.form.domainsHint'),
      options: domainOptions,
      input: (
        <Select
          mode="tags"
          tokenSeparators={[',']}
          loading={domains.isPending}
          options={domainOptions}
          optionFilterProp="label"
        />
      ),
    },
    {
      name: 'overview',
      label: t('cases.form.overview'),
      kind: 'longText',
      wide: true,
      rows: 4,
      max: CASE_MAX.overview,
    },
  ];
}

/** The core fields of a case, for creating and for the overview tab; amounts show the chosen currency. */
export function CaseFormFields({ aoEditable, withFunding }: { aoEditable: boolean; withFunding?: boolean }) {
  const fields = useCaseFieldDefs({ aoEditable, withFunding });
  const currency = Form.useWatch<string | undefined>('currency');
  return <FormFields fields={fields} currency={currency ?? 'NTD'} />;
}
