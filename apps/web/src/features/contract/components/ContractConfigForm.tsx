import {
  CONTRACT_CONSTANTS,
  CONTRACT_VARIABLES,
  type CaseContractConfig,
  type ContractConfig,
  type ContractConfigView,
  effectiveContractConfig,
  formatDateTime,
  formatMoney,
} from '@dealflow/domain';
import { Button, Collapse, Form, Input, InputNumber, Popconfirm } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { SaveBar, useFormDraft } from '../../../shared/unsaved/index.ts';
import { useSaveCaseContractConfig, useSaveContractConfig } from '../api/contractApi.ts';
import {
  type ConfigFormValues,
  FIGURE_KEYS,
  type FigureKey,
  caseBody,
  caseFormValues,
  defaultBody,
  defaultFormValues,
  sameConfig,
} from '../lib/configForm.ts';
import { ClauseTextsEditor } from './ClauseTextsEditor.tsx';
import { ContractPreview } from './ContractPreview.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

const FIGURE_INPUT: Record<
  FigureKey,
  { min: number; max: number; precision: number; unit: 'percent' | 'years' | 'times' | 'money' }
> = {
  management_fee_percent: { min: 0, max: 100, precision: 2, unit: 'percent' },
  term_years: { min: 1, max: 30, precision: 0, unit: 'years' },
  extension_years: { min: 0, max: 10, precision: 0, unit: 'years' },
  extension_count: { min: 0, max: 10, precision: 0, unit: 'times' },
  admin_reserve_amount: { min: 0, max: 1_000_000_000_000, precision: 0, unit: 'money' },
  admin_reserve_percent: { min: 0, max: 100, precision: 2, unit: 'percent' },
  performance_bonus_percent: { min: 0, max: 100, precision: 2, unit: 'percent' },
};

type Props =
  | { mode: 'default'; view: ContractConfigView }
  | { mode: 'case'; view: CaseContractConfig; base: ContractConfig };

/**
 * The contract configuration form, for the default or for one case: fund notice figures, the party
 * and seat (default only), clause texts, a live preview; saved with the version it was read at, so a
 * colleague's save in between is reported (409) instead of overwritten.
 */
export function ContractConfigForm(props: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<ConfigFormValues>();
  const saveDefault = useSaveContractConfig();
  const saveCase = useSaveCaseContractConfig(props.mode === 'case' ? props.view.case_id : null);
  const saving = saveDefault.isPending || saveCase.isPending;

  const initial = useMemo(
    () =>
      props.mode === 'default' ? defaultFormValues(props.view.value) : caseFormValues(props.view.override),
    [props.mode, props.view],
  );
  const storedBody = props.mode === 'default' ? props.view.value : props.view.override;
  const bodyOf = useCallback(
    (values: ConfigFormValues) => (props.mode === 'default' ? defaultBody(values) : caseBody(values)),
    [props.mode],
  );
  const changes = useCallback(
    (values: ConfigFormValues) => (sameConfig(bodyOf(values), storedBody) ? {} : { config: true }),
    [bodyOf, storedBody],
  );
  const draft = useFormDraft({ form, stored: props.view.updated_at ?? JSON.stringify(storedBody), changes });

  // The preview follows every keystroke; figures not filled in show what would apply.
  const watched = Form.useWatch([], form) as ConfigFormValues | undefined;
  const previewConfig = useMemo((): ContractConfig | null => {
    if (!watched) return null;
    if (props.mode === 'default') {
      const body = defaultBody(watched);
      const figures = { ...props.view.value.figures };
      for (const key of FIGURE_KEYS)
        if (typeof body.figures[key] === 'number') figures[key] = body.figures[key];
      return { ...body, figures };
    }
    return effectiveContractConfig(props.base, caseBody(watched));
  }, [watched, props]);

  async function submit(values: ConfigFormValues) {
    if (Object.keys(changes(values)).length === 0) {
      message.info(t('contract.noChanges'));
      return;
    }
    try {
      if (props.mode === 'default') {
        await saveDefault.mutateAsync({ ...defaultBody(values), updated_at: props.view.updated_at });
        message.success(t('contract.saved'));
      } else {
        await saveCase.mutateAsync({ ...caseBody(values), updated_at: props.view.updated_at });
        message.success(t('contract.savedCase'));
      }
      draft.saved();
    } catch (err) {
      message.error(errorContent(err));
    }
  }

  async function resetCase() {
    if (props.mode !== 'case') return;
    try {
      await saveCase.mutateAsync({ updated_at: props.view.updated_at });
      draft.saved();
      message.success(t('contract.savedCase'));
    } catch (err) {
      message.error(errorContent(err));
    }
  }

  const defaults = props.mode === 'case' ? props.base.figures : null;
  const figureText = (key: FigureKey, value: number) => {
    const unit = FIGURE_INPUT[key].unit;
    return unit === 'money' ? formatMoney(value, 'NTD') : unit === 'percent' ? `${value}%` : String(value);
  };

  return (
    <div className="contract-config">
      <Form<ConfigFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={draft.onValuesChange}
        onFinish={submit}
        className="contract-config__form"
        scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
      >
        {draft.guard}
        <p className="contract-hint" role="status">
          {props.view.updated_at
            ? t('contract.lastSaved', { time: formatDateTime(props.view.updated_at) })
            : t('contract.neverSaved')}
        </p>
        {props.mode === 'case' ? (
          <div className="contract-case-hint">
            <p className="contract-hint">{t('contract.scope.caseHint')}</p>
            <Popconfirm title={t('contract.scope.resetCaseConfirm')} onConfirm={() => void resetCase()}>
              <Button disabled={props.view.updated_at === null || saving}>
                {t('contract.scope.resetCase')}
              </Button>
            </Popconfirm>
          </div>
        ) : null}

        <section className="contract-section" aria-labelledby="contract-figures">
          <h2 id="contract-figures" className="contract-section__title">
            {t('contract.sections.figures')}
          </h2>
          <p className="contract-hint">{t('contract.sections.figuresHint')}</p>
          <div className="contract-grid">
            {FIGURE_KEYS.map((key) => {
              const input = FIGURE_INPUT[key];
              return (
                <Form.Item
                  key={key}
                  name={['figures', key]}
                  label={t(`contract.figures.${key}`)}
                  rules={[
                    ...(props.mode === 'default'
                      ? [{ required: true, message: t('contract.required') }]
                      : []),
                    {
                      validator: async (_: unknown, v: number | null | undefined) => {
                        if (typeof v === 'number' && Math.abs(Math.round(v * 100) - v * 100) > 1e-6)
                          throw new Error(t('contract.twoDecimals'));
                      },
                    },
                  ]}
                  extra={
                    defaults
                      ? t('contract.figures.inherit', { value: figureText(key, defaults[key]) })
                      : undefined
                  }
                >
                  <InputNumber
                    min={input.min}
                    max={input.max}
                    precision={input.precision === 0 ? 0 : undefined}
                    step={1}
                    className="contract-number"
                    controls={false}
                    prefix={input.unit === 'money' ? 'NT$' : undefined}
                    suffix={input.unit === 'percent' ? '%' : undefined}
                    placeholder={defaults ? String(defaults[key]) : undefined}
                    formatter={
                      input.unit === 'money'
                        ? (v) => `${v ?? ''}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
                        : undefined
                    }
                    parser={
                      input.unit === 'money' ? (v) => Number((v ?? '').replace(/[^\d]/g, '')) : undefined
                    }
                  />
                </Form.Item>
              );
            })}
          </div>
          <p className="contract-hint">{t('contract.figures.reserveRule')}</p>
        </section>

        {props.mode === 'default' ? (
          <section className="contract-section" aria-labelledby="contract-party">
            <h2 id="contract-party" className="contract-section__title">
              {t('contract.sections.party')}
            </h2>
            <p className="contract-hint">{t('contract.sections.partyHint')}</p>
            <div className="contract-grid">
              {(['name', 'representative', 'address'] as const).map((field) => (
                <Form.Item
                  key={field}
                  name={['party', field]}
                  label={t(`contract.party.${field}`)}
                  rules={[{ required: true, whitespace: true, message: t('contract.required') }]}
                >
                  <Input maxLength={field === 'address' ? 300 : field === 'name' ? 200 : 100} />
                </Form.Item>
              ))}
              <Form.Item
                name={['arbitration_city', 'zh-TW']}
                label={t('contract.party.cityZh')}
                rules={[{ required: true, whitespace: true, message: t('contract.required') }]}
              >
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item
                name={['arbitration_city', 'en']}
                label={t('contract.party.cityEn')}
                rules={[{ required: true, whitespace: true, message: t('contract.required') }]}
              >
                <Input maxLength={50} />
              </Form.Item>
            </div>
          </section>
        ) : null}

        <section className="contract-section" aria-labelledby="contract-texts">
          <h2 id="contract-texts" className="contract-section__title">
            {t('contract.sections.texts')}
          </h2>
          <p className="contract-hint">{t('contract.sections.textsHint', { example: '{{variable}}' })}</p>
          <p className="contract-hint">
            {t('contract.fixedClauses', {
              confidentiality: CONTRACT_CONSTANTS.confidentiality_years,
              restriction: CONTRACT_CONSTANTS.loi_restriction_years,
              arbitrators: CONTRACT_CONSTANTS.arbitrators,
              exclusivity: CONTRACT_CONSTANTS.exclusivity_days,
            })}
          </p>
          <Collapse
            size="small"
            items={[
              {
                key: 'variables',
                label: t('contract.sections.variables'),
                children: (
                  <dl className="contract-variables">
                    {CONTRACT_VARIABLES.map((v) => (
                      <div key={v}>
                        <dt>
                          <code lang="en" translate="no">{`{{${v}}}`}</code>
                        </dt>
                        <dd>{t(`contract.variables.${v}`)}</dd>
                      </div>
                    ))}
                  </dl>
                ),
              },
            ]}
          />
          <ClauseTextsEditor />
        </section>
        <SaveBar dirty={draft.dirty} saving={saving} onDiscard={draft.discard} />
      </Form>
      <aside className="contract-config__preview">
        <ContractPreview
          config={previewConfig}
          caseId={props.mode === 'case' ? props.view.case_id : undefined}
        />
      </aside>
    </div>
  );
}
