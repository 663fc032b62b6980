import { BUSINESS_PLAN_SECTIONS, type BusinessPlanSection, type Case } from '@dealflow/domain';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useUpdateCase } from '../api/casesApi.ts';
import { changedFields } from '../lib/changedFields.ts';

type PlanValues = Partial<Record<BusinessPlanSection, string>>;

/** 營運計畫: the ten sections as text areas; the server merges the sections sent. */
export function BusinessPlanTab({ kase, editable }: { kase: Case; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateCase(kase.id);

  async function submit(values: PlanValues) {
    const next: PlanValues = {};
    for (const key of BUSINESS_PLAN_SECTIONS) next[key] = values[key]?.trim() ?? '';
    const body = changedFields(kase.business_plan, next);
    if (Object.keys(body).length === 0) {
      message.info(t('cases.form.noChanges'));
      return;
    }
    try {
      await update.mutateAsync({ business_plan: body });
      message.success(t('cases.form.saved'));
    } catch (error) {
      message.error(errorContent(error));
    }
  }

  return (
    <Form<PlanValues>
      name="case-business-plan"
      layout="vertical"
      initialValues={kase.business_plan}
      disabled={!editable || update.isPending}
      onFinish={submit}
    >
      {BUSINESS_PLAN_SECTIONS.map((key) => (
        <Form.Item key={key} name={key} label={t(`cases.businessPlan.${key}`)} rules={[{ max: 20_000 }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 12 }} />
        </Form.Item>
      ))}
      {editable && (
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
      )}
    </Form>
  );
}
