import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, type Group, type GroupUpdateBody } from '@dealflow/domain';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ApiError, validationFieldErrors } from '../../../shared/api/index.ts';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { useModalFormGuard } from '../../../shared/unsaved/index.ts';
import { useCreateGroup, useUpdateGroup } from '../api/groupsApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

interface FormValues {
  name: string;
  description?: string;
}

const FIELDS = ['name', 'description'] as const;
type FieldName = (typeof FIELDS)[number];
const isField = (name: string): name is FieldName => (FIELDS as readonly string[]).includes(name);

/** Only what changed is sent: PUT is partial. */
export function changedGroupFields(group: Group, values: FormValues): GroupUpdateBody {
  const out: GroupUpdateBody = {};
  const name = values.name.trim();
  if (name !== group.name) out.name = name;
  const description = values.description?.trim() || null;
  if (description !== group.description) out.description = description;
  return out;
}

/**
 * Create a group or rename/describe one, in a modal; Enter submits. A name already used (in any
 * case) comes back from the server as GROUP_NAME_TAKEN and is shown under the name.
 */
export function GroupFormModal({
  open,
  group,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** The group being edited; null creates one. Give a new key per opening (fresh form values). */
  group: Group | null;
  onClose: () => void;
  onCreated?: (group: Group) => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const [serverError, setServerError] = useState<unknown>(null);
  const pending = create.isPending || update.isPending;
  const { markDirty, guard } = useModalFormGuard(open);

  function showServerError(error: unknown) {
    const fields = validationFieldErrors(error);
    if (error instanceof ApiError && error.code === 'GROUP_NAME_TAKEN')
      fields.name = t('groups.form.nameTaken');
    const known = Object.entries(fields).filter(([name]) => isField(name));
    if (known.length > 0)
      form.setFields(known.map(([name, text]) => ({ name: name as FieldName, errors: [text] })));
    // The name's own message says it all; anything else is shown above the buttons.
    setServerError(error instanceof ApiError && error.code === 'GROUP_NAME_TAKEN' ? null : error);
  }

  async function submit(values: FormValues) {
    setServerError(null);
    try {
      if (group) {
        const body = changedGroupFields(group, values);
        if (Object.keys(body).length === 0) {
          message.info(t('groups.noChanges'));
          onClose();
          return;
        }
        const saved = await update.mutateAsync({ id: group.id, body });
        message.success(t('groups.updated', { name: saved.name }));
        onClose();
      } else {
        const saved = await create.mutateAsync({
          name: values.name.trim(),
          description: values.description?.trim() || null,
        });
        message.success(t('groups.created', { name: saved.name }));
        // The closed, clean form is rendered before the caller moves on, so the unsaved-changes
        // guard does not hold the way to the new group.
        flushSync(onClose);
        onCreated?.(saved);
      }
    } catch (error) {
      showServerError(error);
    }
  }

  // The guard stays outside the modal: a closing modal keeps its content as it was (no re-render
  // during the close animation), which would leave the guard blocking after a save.
  return (
    <>
      {guard}
      <Modal
        open={open}
        title={group ? t('groups.editTitle', { name: group.name }) : t('groups.createTitle')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ htmlType: 'submit', loading: pending }}
        onCancel={onClose}
        destroyOnHidden
        afterClose={() => setServerError(null)}
        modalRender={(dom) => (
          <Form<FormValues>
            form={form}
            name="group-form"
            layout="vertical"
            initialValues={{ name: group?.name ?? '', description: group?.description ?? '' }}
            onValuesChange={markDirty}
            onFinish={submit}
            disabled={pending}
          >
            {dom}
          </Form>
        )}
      >
        <Form.Item
          name="name"
          label={t('groups.form.name')}
          rules={[
            { required: true, whitespace: true, message: t('groups.form.nameRequired') },
            { max: GROUP_NAME_MAX, message: t('groups.form.nameMax', { max: GROUP_NAME_MAX }) },
          ]}
        >
          <Input autoComplete="off" autoFocus maxLength={GROUP_NAME_MAX + 1} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('groups.form.description')}
          rules={[
            {
              max: GROUP_DESCRIPTION_MAX,
              message: t('groups.form.descriptionMax', { max: GROUP_DESCRIPTION_MAX }),
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={t('groups.form.descriptionPlaceholder')}
          />
        </Form.Item>
        {serverError !== null && (
          <ErrorAlert error={serverError} title={t('common.requestFailed')} formFields={FIELDS} />
        )}
      </Modal>
    </>
  );
}
