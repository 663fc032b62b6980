import { BUSINESS_PLAN_SECTIONS, type BusinessPlanSection, type Case } from '@dealflow/domain';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { type FieldDef, FormFields, RecordView } from '../../../shared/fields/index.ts';
import { SaveBar, useFormDraft } from '../../../shared/unsaved/index.ts';
import { useUpdateCase } from '../api/casesApi.ts';
import { changedFields } from '../lib/changedFields.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

type PlanValues = Partial<Record<BusinessPlanSection, string>>;

/** 營運計畫: the ten sections as text areas; the server merges the sections sent. */
export function BusinessPlanTab({ kase, editable }: { kase: Case; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<PlanValues>();
  const update = useUpdateCase(kase.id);
  const fields: FieldDef[] = BUSINESS_PLAN_SECTIONS.map((key) => ({
    name: key,
    label: t(`cases.businessPlan.${key}`),
    kind: 'longText',
    wide: true,
    max: 20_000,
  }));
  const changes = (values: PlanValues) => {
    const next: PlanValues = {};
    for (const key of BUSINESS_PLAN_SECTIONS) next[key] = values[key]?.trim() ?? '';
    return changedFields(kase.business_plan, next);
  };
  const draft = useFormDraft({ form, stored: kase.business_plan, changes, active: editable });

  async function submit(values: PlanValues) {
    const body = changes(values);
    if (Object.keys(body).length === 0) {
      message.info(t('cases.form.noChanges'));
      return;
    }
    try {
      await update.mutateAsync({ business_plan: body });
      draft.saved();
      message.success(t('cases.form.saved'));
    } catch (error) {
      message.error(errorContent(error));
    }
  }

  if (!editable) return <RecordView fields={fields} values={kase.business_plan} columns={1} />;

  return (
    <Form<PlanValues>
      form={form}
      name="case-business-plan"
      layout="vertical"
      initialValues={kase.business_plan}
      disabled={update.isPending}
      onValuesChange={draft.onValuesChange}
      onFinish={submit}
    >
      <FormFields fields={fields} />
      <SaveBar dirty={draft.dirty} saving={update.isPending} onDiscard={draft.discard} />
      {draft.guard}
    </Form>
  );
}
