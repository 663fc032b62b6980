import { DeleteOutlined } from '@ant-design/icons';
import type { Card } from '@dealflow/domain';
import { Alert, Button, Drawer, Form, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { validationFieldErrors } from '../../../shared/api/index.ts';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { FormFields, RecordView } from '../../../shared/fields/index.ts';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { UnsavedChangesGuard } from '../../../shared/unsaved/index.ts';
import { useCard, useCardGroups, useDeleteCard, useSaveCard, useSetCardGroups } from '../api/cardsApi.ts';
import type { OpenCard } from '../hooks/useCardListParams.ts';
import { CardHistory } from './CardHistory.tsx';
import { CardPermissionsPanel } from './CardPermissionsPanel.tsx';
import { CardPhoto } from './CardPhoto.tsx';
import {
  type CardFormValues,
  cardFieldDefs,
  changedFields,
  createBody,
  formValuesOf,
} from './cardFields.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/**
 * One card in a drawer: a form for those who may edit it (and for a new card), the read-only
 * record for a read grant; the photo, and for the owner and admin the sharing panel. Closing with
 * unsaved changes asks first, as leaving the page does.
 */
export function CardDrawer({
  open,
  onClose,
  onCreated,
}: {
  open: OpenCard;
  onClose: () => void;
  onCreated: (card: Card) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const isMobile = useIsMobile();
  const id = typeof open === 'number' ? open : null;
  const query = useCard(id);
  const groups = useCardGroups();
  const card = id === null ? null : (query.data ?? null);
  const [form] = Form.useForm<CardFormValues>();
  const save = useSaveCard();
  const setGroups = useSetCardGroups();
  const remove = useDeleteCard();
  const [serverError, setServerError] = useState<unknown>(null);
  const [dirty, setDirty] = useState(false);
  const editable = open === 'new' || card?.access === 'manage' || card?.access === 'edit';
  const pending = save.isPending || setGroups.isPending;

  const close = () => {
    flushSync(() => setDirty(false));
    setServerError(null);
    onClose();
  };
  const askClose = () => {
    if (!dirty) return close();
    modal.confirm({
      title: t('cards.discardTitle'),
      content: t('cards.discardBody'),
      okText: t('cards.discard'),
      okButtonProps: { danger: true },
      cancelText: t('cards.keepEditing'),
      onOk: close,
    });
  };

  async function submit(values: CardFormValues) {
    setServerError(null);
    try {
      if (card) {
        const { body, groupIds } = changedFields(card, values);
        if (Object.keys(body).length === 0 && groupIds === null) {
          message.info(t('cards.noChanges'));
          flushSync(() => setDirty(false));
          return;
        }
        let saved = card;
        if (Object.keys(body).length > 0) saved = await save.mutateAsync({ id: card.id, body });
        if (groupIds !== null) saved = await setGroups.mutateAsync({ id: card.id, groupIds });
        message.success(t('cards.updated', { name: saved.name }));
        flushSync(() => setDirty(false));
      } else {
        const saved = await save.mutateAsync({ id: null, body: createBody(values) });
        message.success(t('cards.created', { name: saved.name }));
        flushSync(() => setDirty(false));
        onCreated(saved);
      }
    } catch (error) {
      const fields = Object.entries(validationFieldErrors(error));
      if (fields.length > 0)
        form.setFields(
          fields.map(([name, text]) => ({ name: name as keyof CardFormValues, errors: [text] })),
        );
      setServerError(error);
    }
  }

  async function deleteCard() {
    if (!card) return;
    try {
      await remove.mutateAsync(card.id);
      message.success(t('cards.deleted', { name: card.name }));
      close();
    } catch (error) {
      setServerError(error);
    }
  }

  const fields = cardFieldDefs(t, groups.data ?? []);
  const title =
    open === 'new'
      ? t('cards.createTitle')
      : card
        ? t(editable ? 'cards.editTitle' : 'cards.viewTitle', { name: card.name })
        : // Loading, or a card that cannot be opened: the drawer still needs a name.
          t('cards.title');

  return (
    <Drawer
      open={open !== null}
      title={title}
      size={isMobile ? '100%' : 640}
      onClose={askClose}
      destroyOnHidden
      className="card-drawer"
      extra={
        card && (
          <Tag color={card.access === 'read' ? 'default' : 'gold'}>{t(`cards.access.${card.access}`)}</Tag>
        )
      }
      footer={
        editable && (open === 'new' || card) ? (
          <div className="drawer-footer">
            {card?.access === 'manage' && (
              <Popconfirm
                title={t('cards.deleteConfirmTitle', { name: card.name })}
                description={t('cards.deleteConfirm')}
                okText={t('cards.delete')}
                okButtonProps={{ danger: true }}
                cancelText={t('common.cancel')}
                onConfirm={deleteCard}
              >
                <Button
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  loading={remove.isPending}
                  className="card-drawer__delete"
                >
                  {t('cards.delete')}
                </Button>
              </Popconfirm>
            )}
            <Button onClick={askClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={pending} onClick={() => form.submit()}>
              {open === 'new' ? t('common.create') : t('common.save')}
            </Button>
          </div>
        ) : (
          <div className="drawer-footer">
            <Button onClick={close}>{t('cards.close')}</Button>
          </div>
        )
      }
    >
      {id !== null && query.isPending && <Skeleton active />}
      {id !== null && query.isError && <ErrorAlert error={query.error} title={t('cards.loadError')} />}
      {(open === 'new' || card) && (
        <>
          {card && !editable && (
            <Alert type="info" showIcon title={t('cards.readOnly')} className="card-drawer__notice" />
          )}
          {editable ? (
            <Form<CardFormValues>
              key={card?.id ?? 'new'}
              form={form}
              name="card-form"
              layout="vertical"
              disabled={pending}
              initialValues={formValuesOf(card)}
              onFinish={submit}
              onValuesChange={() => setDirty(true)}
            >
              <FormFields fields={fields} />
              {serverError !== null && <ErrorAlert error={serverError} title={t('common.requestFailed')} />}
              <button type="submit" hidden aria-hidden tabIndex={-1} />
            </Form>
          ) : (
            card && (
              <RecordView
                fields={fields}
                values={{ ...card, group_ids: card.groups.map((g) => g.id) }}
                columns={1}
              />
            )
          )}
          {card?.owner && (
            <Typography.Paragraph type="secondary" className="card-drawer__owner">
              {t('cards.field.owner')}：{card.owner.name}
            </Typography.Paragraph>
          )}
          <CardPhoto card={card} editable={editable} />
          {card?.access === 'manage' && <CardPermissionsPanel card={card} />}
          {card && <CardHistory card={card} />}
        </>
      )}
      <UnsavedChangesGuard when={open !== null && dirty} />
    </Drawer>
  );
}
