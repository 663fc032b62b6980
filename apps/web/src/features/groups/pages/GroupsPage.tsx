import { PlusOutlined } from '@ant-design/icons';
import {
  GROUP_LIST_DEFAULTS,
  GROUP_SORT_FIELDS,
  type Group,
  type GroupSortField,
  staffCan,
} from '@dealflow/domain';
import { Alert, Button, Card, Empty, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { SearchInput } from '../../../shared/components/SearchInput.tsx';
import { useStaffUser } from '../../auth/session/index.ts';
import { useDeleteGroup, useGroups } from '../api/groupsApi.ts';
import { GroupFormModal } from '../components/GroupFormModal.tsx';
import { GroupTable, groupHref } from '../components/GroupTable.tsx';
import { useListParams } from '../hooks/useListParams.ts';
import '../groups.css';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/** The form modal: one key per opening, kept while it closes (so it animates out and says so). */
type ModalState = { open: boolean; group: Group | null; key: number };

/** /dashboard/group: the firm's client groups; create, rename and delete them here. */
export function GroupsPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const me = useStaffUser();
  const { params, update, request, defaultSort } = useListParams<GroupSortField>({
    fields: GROUP_SORT_FIELDS,
    defaults: GROUP_LIST_DEFAULTS,
  });
  const list = useGroups(request);
  const remove = useDeleteGroup();
  const [modal, setModal] = useState<ModalState>({ open: false, group: null, key: 0 });
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const openModal = (group: Group | null) => setModal((m) => ({ open: true, group, key: m.key + 1 }));
  const editable = staffCan(me.role, 'groups.write') && !me.reviewer;
  const openCreate = () => openModal(null);

  async function deleteGroup(group: Group) {
    setDeletingId(group.id);
    try {
      await remove.mutateAsync(group.id);
      message.success(t('groups.deleted', { name: group.name }));
      // The last row of a later page went: show the page before rather than an empty one.
      if (params.page > 1 && list.data?.result.length === 1) update({ page: params.page - 1 });
    } catch (error) {
      message.error(errorContent(error));
    } finally {
      setDeletingId(null);
    }
  }

  const createButton = editable && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openCreate}>
      {t('groups.create')}
    </Button>
  );
  // No group at all (not merely none matching a search): say what groups are for.
  const none = list.isSuccess && !list.isPlaceholderData && list.data.count === 0 && !params.q;

  return (
    <section className="page-section" aria-labelledby="page-title">
      <div className="page-header">
        <div>
          <Typography.Title level={3} id="page-title" className="page-title">
            {t('groups.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('groups.subtitle')}</Typography.Text>
        </div>
        {!none && createButton}
      </div>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title={t('groups.loadError')}
          description={errorContent(list.error)}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {none ? (
        <Card>
          <Empty
            className="groups-empty"
            description={
              <>
                <Typography.Title level={4} className="groups-empty__title">
                  {t('groups.empty.title')}
                </Typography.Title>
                <Typography.Paragraph type="secondary" className="groups-empty__body">
                  {t('groups.empty.body')}
                </Typography.Paragraph>
              </>
            }
          >
            {createButton}
          </Empty>
        </Card>
      ) : (
        <Card>
          <div className="table-toolbar">
            <SearchInput
              className="table-toolbar__search"
              value={params.q}
              label={t('groups.search')}
              onChange={(q) => update({ q }, { resetPage: true })}
            />
          </div>
          <GroupTable
            rows={list.data?.result ?? []}
            count={list.data?.count ?? 0}
            loading={list.isPending || list.isPlaceholderData}
            sort={params.sort}
            defaultSort={defaultSort}
            page={params.page}
            size={params.size}
            editable={editable}
            deletingId={deletingId}
            empty={
              params.q ? (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t('groups.empty.filtered', { q: params.q })}
                >
                  <Button type="link" onClick={() => update({ q: '' }, { resetPage: true })}>
                    {t('groups.empty.clear')}
                  </Button>
                </Empty>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('groups.empty.title')} />
              )
            }
            onSortChange={(sort) => update({ sort }, { resetPage: true })}
            onPageChange={(page, size) => update({ page: size === params.size ? page : 1, size })}
            onEdit={openModal}
            onDelete={deleteGroup}
          />
        </Card>
      )}
      <GroupFormModal
        key={modal.key}
        open={modal.open}
        group={modal.group}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        // A new group is empty: its page is where members are added.
        onCreated={(group) => navigate(groupHref(group))}
      />
    </section>
  );
}
