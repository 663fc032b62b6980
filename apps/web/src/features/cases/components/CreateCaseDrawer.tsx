import type { StaffUser } from '@dealflow/domain';
import { Button, Drawer, Form, Radio } from 'antd';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { validationFieldErrors } from '../../../shared/api/index.ts';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { UnsavedChangesGuard } from '../../../shared/unsaved/index.ts';
import { useCreateCase } from '../api/casesApi.ts';
import { type CaseCoreValues, CaseFormFields, caseBodyOf } from './CaseFormFields.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

interface CreateValues extends CaseCoreValues {
  status: 'draft' | 's0';
}

/** 新增案件: name and first stage are required; on success the case page opens. */
export function CreateCaseDrawer({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: StaffUser;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<CreateValues>();
  const create = useCreateCase();
  const [serverError, setServerError] = useState<unknown>(null);
  // Typed into a new case and then a menu link: ask, as every form does.
  const [dirty, setDirty] = useState(false);
  const close = () => {
    // Rendered clean before any navigation that follows, so the guard lets it through.
    flushSync(() => setDirty(false));
    onClose();
  };

  async function submit(values: CreateValues) {
    setServerError(null);
    try {
      const saved = await create.mutateAsync({ ...caseBodyOf(values), status: values.status });
      message.success(t('cases.form.created', { name: saved.name }));
      close();
      navigate(`/dashboard/manager/${saved.id}`);
    } catch (error) {
      const fields = Object.entries(validationFieldErrors(error));
      if (fields.length > 0)
        form.setFields(fields.map(([name, text]) => ({ name: name as keyof CreateValues, errors: [text] })));
      setServerError(error);
    }
  }

  return (
    <Drawer
      open={open}
      title={t('cases.form.createTitle')}
      size={isMobile ? '100%' : 560}
      onClose={close}
      destroyOnHidden
      footer={
        <div className="drawer-footer">
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
            {t('common.create')}
          </Button>
        </div>
      }
    >
      <Form<CreateValues>
        form={form}
        name="case-create"
        layout="vertical"
        disabled={create.isPending}
        initialValues={{
          status: 's0',
          currency: 'NTD',
          ao_id: user.role === 'ao' ? user.id : undefined,
          agent_ids: [],
          domain_keys: [],
        }}
        onFinish={submit}
        onValuesChange={() => setDirty(true)}
      >
        <Form.Item name="status" label={t('cases.form.status')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'draft', label: t('caseStages.draft') },
              { value: 's0', label: t('caseStages.s0') },
            ]}
          />
        </Form.Item>
        <CaseFormFields aoEditable />
        {serverError !== null && <ErrorAlert error={serverError} title={t('common.requestFailed')} />}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      <UnsavedChangesGuard when={open && dirty} />
    </Drawer>
  );
}
