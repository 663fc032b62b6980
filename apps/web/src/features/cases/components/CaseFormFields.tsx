import { CURRENCIES } from '@dealflow/domain';
import { Form, Input, InputNumber, type InputNumberProps, Select } from 'antd';
import { useTranslation } from 'react-i18next';
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

/** Thousands separators while typing an amount: 20,000,000 is easier to check than 20000000. */
export const groupDigits = (value: number | string | undefined) =>
  value === undefined || value === '' ? '' : String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
// InputNumber reads the parser's digits itself; a cleared field stays empty rather than becoming 0.
export const ungroupDigits = (text: string | undefined) =>
  (text ?? '').replace(/,/g, '') as unknown as number;

/** Form.Item passes value, onChange and id; they must reach the input. */
function AmountInput(props: InputNumberProps<number>) {
  return (
    <InputNumber<number>
      {...props}
      min={0}
      max={1e15}
      className="full-width"
      controls={false}
      formatter={groupDigits}
      parser={ungroupDigits}
    />
  );
}

/** The core fields of a case, for creating and for the overview tab. */
export function CaseFormFields({ aoEditable, withFunding }: { aoEditable: boolean; withFunding?: boolean }) {
  const { t } = useTranslation();
  const directory = useStaffDirectory();
  const domains = useStaticKeys('domain');
  const domainOptions = domainOptionsOf(domains.data, currentLanguage());
  const staff = (directory.data ?? []).map((e) => ({
    value: e.id,
    label: `${e.name}（${t(`roles.${e.role}`)}）`,
  }));
  const amountRule = { type: 'number' as const, min: 0, message: t('cases.form.amountInvalid') };
  return (
    <>
      <Form.Item
        name="name"
        label={t('cases.form.name')}
        rules={[
          { required: true, whitespace: true, message: t('cases.form.nameRequired') },
          { max: CASE_MAX.name, message: t('cases.form.nameMax', { max: CASE_MAX.name }) },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <div className="form-row">
        <Form.Item name="ao_id" label={t('cases.form.ao')}>
          <Select
            allowClear={{ label: t('labels.clear') }}
            disabled={!aoEditable}
            showSearch={{ optionFilterProp: 'label' }}
            loading={directory.isPending}
            options={staff}
          />
        </Form.Item>
        <Form.Item name="agent_ids" label={t('cases.form.agents')}>
          <Select
            mode="multiple"
            allowClear={{ label: t('labels.clear') }}
            showSearch={{ optionFilterProp: 'label' }}
            options={staff}
          />
        </Form.Item>
      </div>
      <div className="form-row">
        <Form.Item name="currency" label={t('cases.form.currency')}>
          <Select options={CURRENCIES.map((c) => ({ value: c, label: label('currency', c) }))} />
        </Form.Item>
        <Form.Item name="round" label={t('cases.form.round')} rules={[{ max: CASE_MAX.round }]}>
          <Input autoComplete="off" placeholder="Seed / Pre-A / A" />
        </Form.Item>
      </div>
      <div className="form-row">
        <Form.Item name="fund_raising" label={t('cases.form.fundRaising')} rules={[amountRule]}>
          <AmountInput />
        </Form.Item>
        <Form.Item name="pre_money" label={t('cases.form.preMoney')} rules={[amountRule]}>
          <AmountInput />
        </Form.Item>
      </div>
      {withFunding && (
        <Form.Item name="funding" label={t('cases.form.funding')} rules={[amountRule]}>
          <AmountInput />
        </Form.Item>
      )}
      <Form.Item
        name="website"
        label={t('cases.form.website')}
        rules={[{ type: 'url', message: t('cases.form.websiteInvalid') }]}
      >
        <Input type="url" inputMode="url" autoComplete="off" placeholder="https://" />
      </Form.Item>
      <Form.Item name="source" label={t('cases.form.source')} rules={[{ max: CASE_MAX.source }]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="domain_keys" label={t('cases.form.domains')} extra={t('cases.form.domainsHint')}>
        <Select
          mode="tags"
          tokenSeparators={[',']}
          loading={domains.isPending}
          options={domainOptions}
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="overview" label={t('cases.form.overview')} rules={[{ max: CASE_MAX.overview }]}>
        <Input.TextArea rows={4} />
      </Form.Item>
    </>
  );
}
