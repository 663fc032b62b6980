import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Empty, Form, Modal, Spin, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validationFieldErrors } from '../../../shared/api/index.ts';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import {
  type ItemCreateBodies,
  type ItemKind,
  type ItemModels,
  type ItemUpdateBodies,
  useCaseItems,
  useDeleteCaseItem,
  useSaveCaseItem,
} from '../api/caseItemsApi.ts';

export interface ItemView {
  title: string;
  meta: ReactNode[];
  content?: ReactNode;
  done?: boolean;
}

/** How one kind of item is shown and edited. `V` is the form's values. */
export interface ItemConfig<K extends ItemKind, V> {
  kind: K;
  fields: (form: FormInstance<V>) => ReactNode;
  initial: (item: ItemModels[K] | null) => Partial<V>;
  createBody: (values: V) => ItemCreateBodies[K];
  updateBody: (values: V) => ItemUpdateBodies[K];
  view: (item: ItemModels[K]) => ItemView;
  /** To-dos tick off in place. */
  toggleDone?: (item: ItemModels[K]) => ItemUpdateBodies[K];
}

type Editing<K extends ItemKind> = { open: false } | { open: true; item: ItemModels[K] | null };

/** A list of one kind of item on a case with add, edit (modal form) and delete (confirmation). */
export function CaseItemsPanel<K extends ItemKind, V extends object>({
  caseId,
  editable,
  config,
  addLabel,
}: {
  caseId: number;
  editable: boolean;
  config: ItemConfig<K, V>;
  addLabel: string;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const items = useCaseItems(caseId, config.kind);
  const save = useSaveCaseItem(caseId, config.kind);
  const remove = useDeleteCaseItem(caseId, config.kind);
  const [editing, setEditing] = useState<Editing<K>>({ open: false });

  function confirmDelete(item: ItemModels[K]) {
    modal.confirm({
      title: t('cases.items.deleteTitle', { title: config.view(item).title }),
      content: t('cases.items.deleteBody'),
      okText: t('cases.items.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(item.id);
          message.success(t('cases.items.deleted'));
        } catch (error) {
          message.error(errorContent(error));
        }
      },
    });
  }

  async function toggle(item: ItemModels[K]) {
    if (!config.toggleDone) return;
    try {
      await save.mutateAsync({ id: item.id, body: config.toggleDone(item) });
    } catch (error) {
      message.error(errorContent(error));
    }
  }

  return (
    <div className="item-list" data-kind={config.kind}>
      {editable && (
        <div>
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setEditing({ open: true, item: null })}
          >
            {addLabel}
          </Button>
        </div>
      )}
      {items.isPending && <Spin />}
      {items.isError && (
        <Alert
          type="error"
          showIcon
          title={t('cases.items.loadError')}
          description={errorContent(items.error)}
        />
      )}
      {items.isSuccess && items.data.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cases.items.empty')} />
      )}
      {items.data?.map((item) => {
        const view = config.view(item);
        return (
          <Card key={item.id} size="small" className={view.done ? 'item-done' : undefined}>
            <div className="item-card__head">
              <div>
                {config.toggleDone ? (
                  <Checkbox checked={view.done} disabled={!editable} onChange={() => void toggle(item)}>
                    <Typography.Text strong className="item-card__title">
                      {view.title}
                    </Typography.Text>
                  </Checkbox>
                ) : (
                  <Typography.Text strong className="item-card__title">
                    {view.title}
                  </Typography.Text>
                )}
                <div className="item-card__meta">
                  {view.meta.filter(Boolean).map((m, i) => (
                    <span key={String(i)}>
                      {i > 0 ? ' · ' : ''}
                      {m}
                    </span>
                  ))}
                </div>
              </div>
              {editable && (
                <div>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined aria-hidden />}
                    aria-label={`${t('cases.items.edit')} ${view.title}`}
                    onClick={() => setEditing({ open: true, item })}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={`${t('cases.items.delete')} ${view.title}`}
                    onClick={() => confirmDelete(item)}
                  />
                </div>
              )}
            </div>
            {view.content && <div className="item-card__content">{view.content}</div>}
          </Card>
        );
      })}
      {editing.open && (
        <ItemFormModal
          key={editing.item?.id ?? 'new'}
          config={config}
          item={editing.item}
          title={editing.item ? t('cases.items.edit') : addLabel}
          pending={save.isPending}
          onSave={async (values) => {
            if (editing.item)
              await save.mutateAsync({ id: editing.item.id, body: config.updateBody(values) });
            else await save.mutateAsync({ id: null, body: config.createBody(values) });
            message.success(t('cases.items.saved'));
            setEditing({ open: false });
          }}
          onClose={() => setEditing({ open: false })}
        />
      )}
    </div>
  );
}

/** The add/edit form of one item; mounted per item so its initial values are that item's. */
function ItemFormModal<K extends ItemKind, V extends object>({
  config,
  item,
  title,
  pending,
  onSave,
  onClose,
}: {
  config: ItemConfig<K, V>;
  item: ItemModels[K] | null;
  title: string;
  pending: boolean;
  onSave: (values: V) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [serverError, setServerError] = useState<unknown>(null);

  async function submit(values: V) {
    setServerError(null);
    try {
      await onSave(values);
    } catch (error) {
      const fields = Object.entries(validationFieldErrors(error));
      if (fields.length > 0)
        form.setFields(fields.map(([name, text]) => ({ name: name as never, errors: [text] })));
      setServerError(error);
    }
  }

  return (
    <Modal
      open
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: pending }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<V>
          form={form}
          name={`case-item-${config.kind}`}
          layout="vertical"
          disabled={pending}
          initialValues={config.initial(item)}
          onFinish={submit}
        >
          {dom}
        </Form>
      )}
    >
      {config.fields(form)}
      {serverError !== null && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('common.requestFailed')}
          description={errorContent(serverError)}
        />
      )}
    </Modal>
  );
}
