import { type ContactStage, clientStagesVisibleTo, type StaffUser, staffCan } from '@dealflow/domain';
import { Button, Drawer, Form } from 'antd';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { validationFieldErrors } from '../../../shared/api/index.ts';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { FormFields } from '../../../shared/fields/index.ts';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { useStaffDirectory } from '../../../shared/reference/referenceApi.ts';
import { UnsavedChangesGuard } from '../../../shared/unsaved/index.ts';
import { useCreateClient } from '../api/clientListApi.ts';
import { normalizedFor, useDuplicateCheck } from '../hooks/useDuplicateCheck.ts';
import { canOwnClient, composedName } from '../lib/profileRules.ts';
import { type ClientProfileValues, profileBodyOf, useClientFieldDefs } from './ClientProfileFields.tsx';
import { DuplicateNotice } from './DuplicateNotice.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

interface CreateValues extends ClientProfileValues {
  process_status: ContactStage;
  invite?: boolean;
}

/** The stages a new client may start in: those this user works, but not the archive. */
export function entryStages(user: StaffUser): ContactStage[] {
  return clientStagesVisibleTo(user.role).filter((s) => s !== 'drop');
}

/**
 * 新增投資人: the profile, where the client enters the pipeline, and whether they get a sign-in.
 * Email and phone are checked against existing clients before saving (on blur, and again on
 * save): an email already in use blocks the save and offers the existing record; a shared phone
 * is a warning shown once. On success the new client's page opens.
 */
export function CreateClientDrawer({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: StaffUser;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<CreateValues>();
  const create = useCreateClient();
  const [serverError, setServerError] = useState<unknown>(null);
  const [dirty, setDirty] = useState(false);
  // The display name follows the name parts until it is typed in itself.
  const [nameTyped, setNameTyped] = useState(false);
  const email = Form.useWatch('email', form);
  const phone = Form.useWatch('phone', form);
  const currency = Form.useWatch('currency', form);
  const stage = Form.useWatch('process_status', form);
  const directory = useStaffDirectory();
  const emailCheck = useDuplicateCheck('email', email);
  const phoneCheck = useDuplicateCheck('phone', phone);
  const stages = entryStages(user);
  const ownsClients = staffCan(user.role, 'clients.write') && user.role !== 'admin';

  const fields = useClientFieldDefs(null, {
    stages,
    onEmailBlur: emailCheck.checkNow,
    onPhoneBlur: phoneCheck.checkNow,
    ownerStage: stage,
    // Only when there is something to say: an empty extra still takes a line under the input.
    emailExtra: (emailCheck.hits.length > 0 || emailCheck.failed) && (
      <DuplicateNotice field="email" hits={emailCheck.hits} failed={emailCheck.failed} />
    ),
    phoneExtra: (phoneCheck.hits.length > 0 || phoneCheck.failed) && (
      <DuplicateNotice field="phone" hits={phoneCheck.hits} failed={phoneCheck.failed} />
    ),
  });

  const discard = () => {
    // Rendered clean before any navigation that follows, so the guard lets it through.
    flushSync(() => setDirty(false));
    onClose();
  };
  const close = () => {
    if (!dirty) return discard();
    modal.confirm({
      title: t('forms.unsaved.leaveTitle'),
      content: t('forms.unsaved.leaveBody'),
      okText: t('forms.unsaved.leave'),
      okButtonProps: { danger: true },
      cancelText: t('forms.unsaved.stay'),
      onOk: discard,
    });
  };

  /** The duplicate check on save: false when the save must stop (the notices then say why). */
  async function duplicatesAllowSave(values: CreateValues): Promise<boolean> {
    const mail = normalizedFor('email', values.email);
    const tel = normalizedFor('phone', values.phone);
    const phoneShown = tel !== null && phoneCheck.known(tel);
    try {
      const [mailHits, telHits] = await Promise.all([
        mail ? emailCheck.ensure(mail) : Promise.resolve([]),
        tel ? phoneCheck.ensure(tel) : Promise.resolve([]),
      ]);
      emailCheck.checkNow();
      phoneCheck.checkNow();
      if (mailHits.length > 0) {
        form.scrollToField('email');
        return false;
      }
      // A shared phone does not block, but it is shown once before the save goes through.
      if (telHits.length > 0 && !phoneShown) {
        form.scrollToField('phone');
        return false;
      }
    } catch {
      // The check is a courtesy: the server still refuses an email in use.
    }
    return true;
  }

  async function submit(values: CreateValues) {
    setServerError(null);
    if (!(await duplicatesAllowSave(values))) return;
    try {
      const saved = await create.mutateAsync({
        ...profileBodyOf(values),
        // The profile's body is an edit's (every field optional); a new client needs these two.
        name: values.name.trim(),
        email: values.email.trim(),
        process_status: values.process_status,
        invite: values.invite ?? false,
      });
      message.success(
        values.invite
          ? t('clientList.form.createdInvited', { name: saved.name })
          : t('clientList.form.created', { name: saved.name }),
      );
      discard();
      navigate(`/dashboard/investor/${saved.id}`);
    } catch (error) {
      const failing = Object.entries(validationFieldErrors(error));
      if (failing.length > 0)
        form.setFields(failing.map(([name, text]) => ({ name: name as keyof CreateValues, errors: [text] })));
      setServerError(error);
    }
  }

  return (
    <Drawer
      open={open}
      title={t('clientList.form.createTitle')}
      size={isMobile ? '100%' : 600}
      onClose={close}
      destroyOnHidden
      footer={
        <div className="drawer-footer">
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={create.isPending}
            disabled={emailCheck.hits.length > 0}
            onClick={() => form.submit()}
          >
            {t('common.create')}
          </Button>
        </div>
      }
    >
      <Form<CreateValues>
        form={form}
        name="client-create"
        layout="vertical"
        disabled={create.isPending}
        initialValues={{
          membership: 'general',
          currency: 'NTD',
          process_status: stages[0],
          employee_id: ownsClients ? user.id : undefined,
          domain_keys: [],
          industry_keys: [],
          invite: false,
        }}
        onFinish={submit}
        onValuesChange={(changed: Partial<CreateValues>, all) => {
          setDirty(true);
          if ('name' in changed) setNameTyped(true);
          // A stage the chosen owner does not work leaves the client without one, to be picked again.
          if (changed.process_status && all.employee_id) {
            const owner = directory.data?.find((e) => e.id === all.employee_id);
            if (owner && !canOwnClient(owner.role, changed.process_status))
              form.setFieldValue('employee_id', null);
          } else if (!nameTyped && ('lastName' in changed || 'firstName' in changed))
            form.setFieldValue('name', composedName(all.lastName, all.firstName));
        }}
      >
        <FormFields fields={fields} currency={currency ?? 'NTD'} />
        <FormFields
          fields={[
            {
              name: 'invite',
              label: t('clientList.form.invite'),
              kind: 'switch',
              wide: true,
              extra: t('clientList.form.inviteHint'),
            },
          ]}
        />
        {serverError !== null && <ErrorAlert error={serverError} title={t('common.requestFailed')} />}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      <UnsavedChangesGuard when={open && dirty} />
    </Drawer>
  );
}
