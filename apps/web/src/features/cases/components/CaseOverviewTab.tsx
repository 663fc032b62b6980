import type { Case, StaffUser } from '@dealflow/domain';
import { Alert, App, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validationFieldErrors } from '../../../shared/api/index.ts';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useUpdateCase } from '../api/casesApi.ts';
import { changedFields } from '../lib/changedFields.ts';
import { type CaseCoreValues, CaseFormFields, caseBodyOf } from './CaseFormFields.tsx';

function valuesOf(kase: Case): CaseCoreValues {
  return {
    name: kase.name,
    ao_id: kase.ao?.id ?? null,
    agent_ids: kase.agents.map((a) => a.id),
    currency: kase.currency,
    website: kase.website ?? '',
    source: kase.source ?? '',
    round: kase.round ?? '',
    pre_money: kase.pre_money,
    fund_raising: kase.fund_raising,
    funding: kase.funding,
    domain_keys: kase.domain_keys,
    overview: kase.overview ?? '',
  };
}

/** 概覽: the core fields; only what changed is sent. Only an admin reassigns the AO (server rule). */
export function CaseOverviewTab({
  kase,
  user,
  editable,
}: {
  kase: Case;
  user: StaffUser;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CaseCoreValues>();
  const update = useUpdateCase(kase.id);
  const [serverError, setServerError] = useState<unknown>(null);

  async function submit(values: CaseCoreValues) {
    setServerError(null);
    const stored = { ...kase, ao_id: kase.ao?.id ?? null, agent_ids: kase.agents.map((a) => a.id) };
    const body = changedFields(stored, caseBodyOf(values));
    if (Object.keys(body).length === 0) {
      message.info(t('cases.form.noChanges'));
      return;
    }
    try {
      await update.mutateAsync(body);
      message.success(t('cases.form.saved'));
    } catch (error) {
      const fields = Object.entries(validationFieldErrors(error));
      if (fields.length > 0)
        form.setFields(
          fields.map(([name, text]) => ({ name: name as keyof CaseCoreValues, errors: [text] })),
        );
      setServerError(error);
    }
  }

  return (
    <Form<CaseCoreValues>
      form={form}
      name="case-overview"
      layout="vertical"
      className="case-form"
      initialValues={valuesOf(kase)}
      disabled={!editable || update.isPending}
      onFinish={submit}
    >
      <CaseFormFields aoEditable={user.role === 'admin'} withFunding />
      {serverError !== null && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('common.requestFailed')}
          description={errorContent(serverError)}
        />
      )}
      {editable && (
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
      )}
    </Form>
  );
}
