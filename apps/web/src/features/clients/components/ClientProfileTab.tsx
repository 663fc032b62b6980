import type { Client } from '@dealflow/domain';
import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validationFieldErrors } from '../../../shared/api/index.ts';
import { ErrorAlert, errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { type FieldDef, FormFields, RecordView } from '../../../shared/fields/index.ts';
import { SaveBar, useFormDraft } from '../../../shared/unsaved/index.ts';
import { changedFields } from '../../cases/lib/changedFields.ts';
import { useInviteClient, useUpdateClient } from '../api/clientApi.ts';
import { ClientDuplicateNotice } from './ClientDuplicateNotice.tsx';
import {
  type ClientProfileValues,
  profileBodyOf,
  profileValuesOf,
  useClientFieldDefs,
} from './ClientProfileFields.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/** Sign-in facts: read-only for everyone (the client sets their own password). */
function useSignInFields(client: Client): FieldDef[] {
  const { t } = useTranslation();
  return [
    {
      name: 'has_login',
      label: t('clientPage.profile.signIn'),
      kind: 'custom',
      display: () =>
        !client.has_login
          ? t('clientPage.profile.signInNone')
          : client.must_change_password
            ? t('clientPage.profile.signInPending')
            : t('clientPage.profile.signInActive'),
    },
    { name: 'last_login_at', label: t('clientPage.profile.lastLogin'), kind: 'datetime' },
    { name: 'created_at', label: t('clientPage.profile.createdAt'), kind: 'datetime' },
    { name: 'updated_at', label: t('clientPage.profile.updatedAt'), kind: 'datetime' },
  ];
}

/**
 * Mails the client a link to choose a password for the investor area (no password is ever typed by
 * staff or sent in clear); asking again ends the previous link.
 */
function InviteButton({ client }: { client: Client }) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const invite = useInviteClient(client.id);
  const again = client.has_login && !client.must_change_password;
  return (
    <Button
      icon={<MailOutlined aria-hidden />}
      loading={invite.isPending}
      onClick={() =>
        modal.confirm({
          title: t('clientPage.profile.inviteTitle', { name: client.name }),
          content: t('clientPage.profile.inviteBody', { email: client.email }),
          okText: t('clientPage.profile.inviteSend'),
          cancelText: t('common.cancel'),
          onOk: async () => {
            try {
              await invite.mutateAsync();
              message.success(t('clientPage.profile.invited', { email: client.email }));
            } catch (error) {
              message.error(errorContent(error));
            }
          },
        })
      }
    >
      {again ? t('clientPage.profile.inviteAgain') : t('clientPage.profile.invite')}
    </Button>
  );
}

/** Amounts in the currency chosen on the form; a typed email or phone another client holds is flagged. */
function ProfileFormFields({ fields, client }: { fields: FieldDef[]; client: Client }) {
  const currency = Form.useWatch<string | undefined>('currency');
  const email = Form.useWatch<string | undefined>('email');
  const phone = Form.useWatch<string | undefined>('phone');
  return (
    <>
      <FormFields fields={fields} currency={currency ?? 'NTD'} />
      <ClientDuplicateNotice
        email={email}
        phone={phone}
        storedEmail={client.email}
        storedPhone={client.phone}
        excludeId={client.id}
      />
    </>
  );
}

/**
 * 基本資料: every profile field of the client. Who may edit gets the form (only what changed is
 * sent, a draft is guarded against leaving); others read it as text.
 */
export function ClientProfileTab({ client, editable }: { client: Client; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<ClientProfileValues>();
  const update = useUpdateClient(client.id);
  const [serverError, setServerError] = useState<unknown>(null);
  const fields = useClientFieldDefs(client);
  const signIn = useSignInFields(client);
  const stored = profileValuesOf(client);
  const changes = (values: ClientProfileValues) =>
    changedFields(profileBodyOf(stored) as Record<string, unknown>, profileBodyOf(values));
  const draft = useFormDraft({ form, stored: client.updated_at, changes, active: editable });

  async function submit(values: ClientProfileValues) {
    setServerError(null);
    const body = changes(values);
    if (Object.keys(body).length === 0) {
      message.info(t('clientPage.profile.noChanges'));
      return;
    }
    try {
      await update.mutateAsync(body);
      draft.saved();
      message.success(t('clientPage.profile.saved'));
    } catch (error) {
      const fieldErrors = Object.entries(validationFieldErrors(error));
      if (fieldErrors.length > 0)
        form.setFields(
          fieldErrors.map(([name, text]) => ({ name: name as keyof ClientProfileValues, errors: [text] })),
        );
      setServerError(error);
    }
  }

  const signInView = (
    <section className="client-profile__sign-in" aria-labelledby="client-sign-in">
      <div className="client-profile__sign-in-head">
        <Typography.Title level={5} id="client-sign-in">
          {t('clientPage.profile.signInTitle')}
        </Typography.Title>
        {editable && client.status === 'active' && <InviteButton client={client} />}
      </div>
      <RecordView fields={signIn} values={client} />
    </section>
  );

  if (!editable)
    return (
      <div className="client-profile">
        <RecordView fields={fields} values={stored} currency={client.currency} />
        {signInView}
      </div>
    );

  return (
    <div className="client-profile">
      <Form<ClientProfileValues>
        form={form}
        name="client-profile"
        layout="vertical"
        className="case-form"
        initialValues={stored}
        disabled={update.isPending}
        onValuesChange={draft.onValuesChange}
        onFinish={submit}
      >
        <ProfileFormFields fields={fields} client={client} />
        {serverError !== null && <ErrorAlert error={serverError} title={t('common.requestFailed')} />}
        <SaveBar dirty={draft.dirty} saving={update.isPending} onDiscard={draft.discard} />
        {draft.guard}
      </Form>
      {signInView}
    </div>
  );
}
