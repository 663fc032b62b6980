import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CARD_GROUP_NAME_MAX, type CardGroup, staffCan } from '@dealflow/domain';
import { Button, Input, List, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/index.ts';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useStaffUser } from '../../auth/session/index.ts';
import {
  useCardGroups,
  useCreateCardGroup,
  useDeleteCardGroup,
  useRenameCardGroup,
} from '../api/cardsApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/**
 * The firm's card groups: anyone adds one (policy `cardGroups.create`); a group's creator and
 * admin rename or delete it (`can_manage`, from the server's `canManageCardGroup`).
 */
export function CardGroupsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const me = useStaffUser();
  const groups = useCardGroups();
  const create = useCreateCardGroup();
  const rename = useRenameCardGroup();
  const remove = useDeleteCardGroup();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const canCreate = staffCan(me.role, 'cardGroups.create') && !me.reviewer;

  const failed = (error: unknown) =>
    message.error(
      error instanceof ApiError && error.code === 'CARD_GROUP_NAME_TAKEN'
        ? t('cards.groups.nameTaken')
        : errorContent(error),
    );

  async function add() {
    const trimmed = name.trim();
    if (!trimmed) return;
    try {
      const saved = await create.mutateAsync(trimmed);
      message.success(t('cards.groups.created', { name: saved.name }));
      setName('');
    } catch (error) {
      failed(error);
    }
  }

  async function saveRename() {
    if (!editing) return;
    const trimmed = editing.name.trim();
    if (!trimmed) return;
    try {
      const saved = await rename.mutateAsync({ id: editing.id, name: trimmed });
      message.success(t('cards.groups.renamed', { name: saved.name }));
      setEditing(null);
    } catch (error) {
      failed(error);
    }
  }

  async function deleteGroup(group: CardGroup) {
    try {
      await remove.mutateAsync(group.id);
      message.success(t('cards.groups.deleted', { name: group.name }));
    } catch (error) {
      failed(error);
    }
  }

  return (
    <Modal open={open} title={t('cards.groups.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('cards.groups.hint')}</Typography.Paragraph>
      {canCreate && (
        <Space.Compact className="card-groups__add">
          <Input
            aria-label={t('cards.groups.newName')}
            placeholder={t('cards.groups.newName')}
            maxLength={CARD_GROUP_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={() => void add()}
          />
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            loading={create.isPending}
            onClick={() => void add()}
          >
            {t('cards.groups.add')}
          </Button>
        </Space.Compact>
      )}
      <List
        size="small"
        loading={groups.isPending}
        locale={{ emptyText: t('cards.groups.none') }}
        dataSource={groups.data ?? []}
        renderItem={(group) =>
          editing?.id === group.id ? (
            <List.Item>
              <Space.Compact className="card-groups__add">
                <Input
                  aria-label={t('cards.groups.rename')}
                  maxLength={CARD_GROUP_NAME_MAX}
                  value={editing.name}
                  onChange={(e) => setEditing({ id: group.id, name: e.target.value })}
                  onPressEnter={() => void saveRename()}
                  autoFocus
                />
                <Button type="primary" loading={rename.isPending} onClick={() => void saveRename()}>
                  {t('cards.groups.save')}
                </Button>
                <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
              </Space.Compact>
            </List.Item>
          ) : (
            <List.Item
              actions={
                group.can_manage && !me.reviewer
                  ? [
                      <Button
                        key="rename"
                        size="small"
                        type="text"
                        icon={<EditOutlined aria-hidden />}
                        aria-label={`${t('cards.groups.rename')} ${group.name}`}
                        onClick={() => setEditing({ id: group.id, name: group.name })}
                      />,
                      <Popconfirm
                        key="delete"
                        title={t('cards.groups.deleteConfirm', { name: group.name })}
                        okText={t('cards.groups.delete')}
                        okButtonProps={{ danger: true }}
                        cancelText={t('common.cancel')}
                        onConfirm={() => deleteGroup(group)}
                      >
                        <Button
                          size="small"
                          type="text"
                          danger
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={`${t('cards.groups.delete')} ${group.name}`}
                        />
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={group.name}
                description={
                  group.created_by ? t('cards.groups.createdBy', { name: group.created_by.name }) : undefined
                }
              />
            </List.Item>
          )
        }
      />
    </Modal>
  );
}
