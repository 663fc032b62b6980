import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Empty, Form, List, Modal, Spin, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, showFieldErrors } from '../api/index.ts';
import { type FieldDef, FormFields } from '../fields/index.ts';
import { ErrorAlert } from './ErrorAlert.tsx';
import { useModalFormGuard } from '../unsaved/index.ts';
import './itemList.css';
import { useFeedback } from '../feedback/index.tsx';

/** How one item reads in the list. */
export interface ItemView {
  title: string;
  meta: ReactNode[];
  content?: ReactNode;
  done?: boolean;
}

/** Where the items come from and go to: a query and three writes (any sub-resource). */
export interface ItemSource<T extends { id: number }, C, U> {
  items: {
    data: T[] | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  create: (body: C) => Promise<unknown>;
  update: (id: number, body: U) => Promise<unknown>;
  /** Items that are never deleted (a client's accounts) leave this out: no delete button. */
  remove?: (id: number) => Promise<unknown>;
  saving: boolean;
}

/**
 * A source from a list query and the save (create when `id` is null, else edit) and delete
 * mutations of a sub-resource, as each parent's api module offers them.
 */
export function mutationSource<T extends { id: number }, C, U>(
  items: ItemSource<T, C, U>['items'],
  save: {
    isPending: boolean;
    mutateAsync: (input: { id: null; body: C } | { id: number; body: U }) => Promise<unknown>;
  },
  remove?: { mutateAsync: (id: number) => Promise<unknown> },
): ItemSource<T, C, U> {
  return {
    items,
    saving: save.isPending,
    create: (body) => save.mutateAsync({ id: null, body }),
    update: (id, body) => save.mutateAsync({ id, body }),
    ...(remove ? { remove: (id: number) => remove.mutateAsync(id) } : {}),
  };
}

/** What differs between one kind of item and the next. `V` is the form's values. */
export interface ItemListConfig<T extends { id: number }, V, C, U> {
  /** The form's fields (FormFields), or the fields for the item being edited (null: a new one). */
  fields: FieldDef[] | ((item: T | null) => FieldDef[]);
  /** Extra form content after the fields (lists of rows and the like). */
  formExtra?: ReactNode;
  initial: (item: T | null) => Partial<V>;
  createBody: (values: V) => C;
  /** The body of an edit; the item is the one being edited, as the list holds it. */
  updateBody: (values: V, item: T) => U;
  view: (item: T) => ItemView;
  /** More buttons on an item, shown to every viewer (each decides who may use it). */
  actions?: (item: T) => ReactNode;
  /** Ticked off in place (to-dos). */
  toggleDone?: (item: T) => U;
}

const PAGE_SIZE = 20;

/**
 * The one list of a record's sub-items (to-dos, events, updates, files…): add and edit in a modal
 * form built from field definitions, delete after a confirmation, an empty state that says what the
 * list is for and offers the first entry, loading and error states, and paging past 20 items.
 */
export function ItemList<T extends { id: number }, V extends object, C, U>({
  name,
  source,
  config,
  canAdd,
  canChange,
  addLabel,
  emptyText,
}: {
  /** A stable name for the list (test ids, form names). */
  name: string;
  source: ItemSource<T, C, U>;
  config: ItemListConfig<T, V, C, U>;
  canAdd: boolean;
  /** Whether this item may be edited, deleted or ticked off by the viewer. */
  canChange: (item: T) => boolean;
  addLabel: string;
  /** What this list is for, shown when it is empty. */
  emptyText: string;
}) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const { items } = source;

  function confirmDelete(item: T, remove: (id: number) => Promise<unknown>) {
    modal.confirm({
      title: t('forms.items.deleteTitle', { title: config.view(item).title }),
      content: t('forms.items.deleteBody'),
      okText: t('forms.items.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove(item.id);
          message.success(t('forms.items.deleted'));
        } catch (error) {
          message.error(errorText(error));
        }
      },
    });
  }

  async function toggle(item: T) {
    if (!config.toggleDone) return;
    try {
      await source.update(item.id, config.toggleDone(item));
    } catch (error) {
      message.error(errorText(error));
    }
  }

  const addButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ item: null })}>
      {addLabel}
    </Button>
  );

  const data = items.data ?? [];
  const { remove } = source;
  return (
    <div className="item-list" data-kind={name}>
      {canAdd && data.length > 0 && <div>{addButton}</div>}
      {items.isPending && <Spin />}
      {items.isError && (
        <Alert
          type="error"
          showIcon
          title={t('forms.items.loadError')}
          description={errorText(items.error)}
          action={
            <Button size="small" onClick={() => void items.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {!items.isPending && !items.isError && data.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText}>
          {canAdd && addButton}
        </Empty>
      )}
      {data.length > 0 && (
        <List<T>
          dataSource={data}
          rowKey="id"
          split={false}
          pagination={
            data.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, size: 'small', hideOnSinglePage: true } : false
          }
          renderItem={(item) => {
            const view = config.view(item);
            const changeable = canChange(item);
            const title = (
              <Typography.Text strong className="item-card__title">
                {view.title}
              </Typography.Text>
            );
            return (
              <List.Item className="item-list__row">
                <Card size="small" className={view.done ? 'item-done item-card' : 'item-card'}>
                  <div className="item-card__head">
                    <div>
                      {config.toggleDone ? (
                        <Checkbox
                          checked={view.done}
                          disabled={!changeable}
                          onChange={() => void toggle(item)}
                        >
                          {title}
                        </Checkbox>
                      ) : (
                        title
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
                    {(changeable || config.actions) && (
                      <div className="item-card__actions">
                        {config.actions?.(item)}
                        {changeable && (
                          <Button
                            type="text"
                            size="small"
                            icon={<EditOutlined aria-hidden />}
                            aria-label={`${t('forms.items.edit')} ${view.title}`}
                            onClick={() => setEditing({ item })}
                          />
                        )}
                        {changeable && remove && (
                          <Button
                            type="text"
                            size="small"
                            danger
                            icon={<DeleteOutlined aria-hidden />}
                            aria-label={`${t('forms.items.delete')} ${view.title}`}
                            onClick={() => confirmDelete(item, remove)}
                          />
                        )}
                      </div>
                    )}
                  </div>
                  {view.content && <div className="item-card__content">{view.content}</div>}
                </Card>
              </List.Item>
            );
          }}
        />
      )}
      {editing && (
        <ItemFormModal<T, V>
          key={editing.item?.id ?? 'new'}
          name={name}
          config={config}
          item={editing.item}
          title={editing.item ? t('forms.items.edit') : addLabel}
          pending={source.saving}
          onSave={async (values) => {
            if (editing.item) await source.update(editing.item.id, config.updateBody(values, editing.item));
            else await source.create(config.createBody(values));
            message.success(t('forms.items.saved'));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

/** The add/edit form of one item; mounted per item so its initial values are that item's. */
function ItemFormModal<T extends { id: number }, V extends object>({
  name,
  config,
  item,
  title,
  pending,
  onSave,
  onClose,
}: {
  name: string;
  config: Pick<ItemListConfig<T, V, unknown, unknown>, 'fields' | 'formExtra' | 'initial'>;
  item: T | null;
  title: string;
  pending: boolean;
  onSave: (values: V) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [serverError, setServerError] = useState<unknown>(null);
  // Mounted only while open.
  const { markDirty, guard } = useModalFormGuard(true);

  async function submit(values: V) {
    setServerError(null);
    try {
      await onSave(values);
    } catch (error) {
      showFieldErrors(form, error);
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
          name={`item-${name}`}
          layout="vertical"
          disabled={pending}
          initialValues={config.initial(item)}
          onValuesChange={markDirty}
          onFinish={submit}
        >
          {dom}
        </Form>
      )}
    >
      <FormFields fields={typeof config.fields === 'function' ? config.fields(item) : config.fields} />
      {config.formExtra}
      {serverError !== null && <ErrorAlert error={serverError} title={t('common.requestFailed')} />}
      {guard}
    </Modal>
  );
}
