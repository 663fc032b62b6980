import type { Case, StaffUser } from '@dealflow/domain';
import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validationFieldErrors } from '../../../shared/api/index.ts';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { type FieldDef, RecordView } from '../../../shared/fields/index.ts';
import { SaveBar, useFormDraft } from '../../../shared/unsaved/index.ts';
import { useUpdateCase } from '../api/casesApi.ts';
import { changedFields } from '../lib/changedFields.ts';
import { type CaseCoreValues, CaseFormFields, caseBodyOf, useCaseFieldDefs } from './CaseFormFields.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

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
  const { message } = useFeedback();
  const [form] = Form.useForm<CaseCoreValues>();
  const update = useUpdateCase(kase.id);
  const [serverError, setServerError] = useState<unknown>(null);
  const fields = useCaseFieldDefs({ aoEditable: user.role === 'admin', withFunding: true });
  const stored = { ...kase, ao_id: kase.ao?.id ?? null, agent_ids: kase.agents.map((a) => a.id) };
  const changes = (values: CaseCoreValues) => changedFields(stored, caseBodyOf(values));
  const draft = useFormDraft({ form, stored: valuesOf(kase), changes, active: editable });

  async function submit(values: CaseCoreValues) {
    setServerError(null);
    const body = changes(values);
    if (Object.keys(body).length === 0) {
      message.info(t('cases.form.noChanges'));
      return;
    }
    try {
      await update.mutateAsync(body);
      draft.saved();
      message.success(t('cases.form.saved'));
    } catch (error) {
      const fieldErrors = Object.entries(validationFieldErrors(error));
      if (fieldErrors.length > 0)
        form.setFields(
          fieldErrors.map(([name, text]) => ({ name: name as keyof CaseCoreValues, errors: [text] })),
        );
      setServerError(error);
    }
  }

  if (!editable) {
    // The reader sees names, not ids: the AO and agents as the case names them.
    const people: FieldDef[] = fields.map((f) =>
      f.name === 'ao_id'
        ? { ...f, display: () => kase.ao?.name }
        : f.name === 'agent_ids'
          ? { ...f, display: () => kase.agents.map((a) => a.name).join('、') }
          : f,
    );
    return <RecordView fields={people} values={valuesOf(kase)} currency={kase.currency} />;
  }

  return (
    <Form<CaseCoreValues>
      form={form}
      name="case-overview"
      layout="vertical"
      className="case-form"
      initialValues={valuesOf(kase)}
      disabled={update.isPending}
      onValuesChange={draft.onValuesChange}
      onFinish={submit}
    >
      <CaseFormFields aoEditable={user.role === 'admin'} withFunding />
      {serverError !== null && <ErrorAlert error={serverError} title={t('common.requestFailed')} />}
      <SaveBar dirty={draft.dirty} saving={update.isPending} onDiscard={draft.discard} />
      {draft.guard}
    </Form>
  );
}
