import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, TeamOutlined } from '@ant-design/icons';
import {
  CONTACT_STAGES,
  clientStagesVisibleTo,
  GROUP_MEMBER_LIST_DEFAULTS,
  GROUP_MEMBER_SORT_FIELDS,
  type GroupMember,
  type GroupMemberSortField,
  staffCan,
} from '@dealflow/domain';
import { Alert, Button, Card, Empty, Popconfirm, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/index.ts';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { isPositiveId, requireParam } from '../../../shared/errors.ts';
import { useStaffUser } from '../../auth/session/index.ts';
import { useDeleteGroup, useGroup, useGroupMembers, useRemoveFromGroup } from '../api/groupsApi.ts';
import { GroupFormModal } from '../components/GroupFormModal.tsx';
import { GroupMemberAdd } from '../components/GroupMemberAdd.tsx';
import { GroupMemberTable } from '../components/GroupMemberTable.tsx';
import { useListParams } from '../hooks/useListParams.ts';
import '../groups.css';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/** /dashboard/group/:id: one client group, its members, and adding or removing them. */
export function GroupPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const id = Number(requireParam(useParams().id, isPositiveId));
  const me = useStaffUser();
  const group = useGroup(id);
  const { params, update, request, defaultSort } = useListParams<GroupMemberSortField>({
    fields: GROUP_MEMBER_SORT_FIELDS,
    defaults: GROUP_MEMBER_LIST_DEFAULTS,
  });
  const members = useGroupMembers(
    id,
    { sort: request.sort, page: request.page, size: request.size },
    {
      enabled: group.isSuccess,
    },
  );
  const removeGroup = useDeleteGroup();
  const removeMember = useRemoveFromGroup(id);
  // One key per opening of the form, kept while it closes.
  const [editing, setEditing] = useState({ open: false, key: 0 });
  const [removingId, setRemovingId] = useState<number | null>(null);
  const editable = staffCan(me.role, 'groups.write') && !me.reviewer;
  // sa and ir see the members in their own stages only (SPEC section 6): say so, so a count
  // smaller than a colleague's does not look like a loss.
  const partialView = clientStagesVisibleTo(me.role).length < CONTACT_STAGES.length;

  const back = (
    <Link to="/dashboard/group" className="back-link">
      <ArrowLeftOutlined aria-hidden /> {t('groups.detail.back')}
    </Link>
  );

  if (group.isPending) return <Spin size="large" className="group-spin" />;
  if (group.isError) {
    const notFound = group.error instanceof ApiError && group.error.status === 404;
    return (
      <section className="page-section">
        {back}
        <Alert
          type={notFound ? 'warning' : 'error'}
          showIcon
          title={notFound ? t('groups.detail.notFound') : t('groups.detail.loadError')}
          description={notFound ? undefined : errorContent(group.error)}
          action={
            notFound ? undefined : (
              <Button size="small" onClick={() => void group.refetch()}>
                {t('common.retry')}
              </Button>
            )
          }
        />
      </section>
    );
  }
  const g = group.data;

  async function deleteGroup() {
    try {
      await removeGroup.mutateAsync(g.id);
      message.success(t('groups.deleted', { name: g.name }));
      navigate('/dashboard/group', { replace: true });
    } catch (error) {
      message.error(errorContent(error));
    }
  }

  async function remove(member: GroupMember) {
    setRemovingId(member.id);
    try {
      await removeMember.mutateAsync(member.id);
      message.success(t('groups.detail.removed', { name: member.name }));
      if (params.page > 1 && members.data?.result.length === 1) update({ page: params.page - 1 });
    } catch (error) {
      message.error(errorContent(error));
    } finally {
      setRemovingId(null);
    }
  }

  return (
    <section className="page-section" aria-labelledby="page-title">
      {back}
      <div className="page-header">
        <div className="group-header">
          <Typography.Title level={3} id="page-title" className="page-title group-header__title">
            {g.name}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="group-header__description">
            {g.description || t('groups.detail.noDescription')}
          </Typography.Paragraph>
        </div>
        <div className="group-header__actions">
          {/* The group as a filter of the client list, with its tabs, board and other filters. */}
          <Link to={`/dashboard/investor?group_id=${g.id}`} className="group-header__list-link">
            <TeamOutlined aria-hidden /> {t('groups.detail.openList')}
          </Link>
          {editable && (
            <>
              <Button
                icon={<EditOutlined aria-hidden />}
                onClick={() => setEditing((e) => ({ open: true, key: e.key + 1 }))}
              >
                {t('groups.rename')}
              </Button>
              <Popconfirm
                title={t('groups.deleteConfirmTitle', { name: g.name })}
                description={t('groups.deleteConfirm')}
                okText={t('groups.delete')}
                okButtonProps={{ danger: true }}
                cancelText={t('common.cancel')}
                placement="bottomRight"
                onConfirm={deleteGroup}
              >
                <Button danger icon={<DeleteOutlined aria-hidden />} loading={removeGroup.isPending}>
                  {t('groups.delete')}
                </Button>
              </Popconfirm>
            </>
          )}
        </div>
      </div>
      <Card
        title={
          <span className="group-members__title">
            {t('groups.detail.members')}
            <Typography.Text type="secondary" className="group-members__count">
              {t('groups.detail.memberCount', { count: g.member_count })}
            </Typography.Text>
          </span>
        }
      >
        {editable && <GroupMemberAdd groupId={g.id} />}
        {partialView && (
          <Typography.Paragraph type="secondary" className="group-members__note">
            {t('groups.detail.hiddenNote')}
          </Typography.Paragraph>
        )}
        {members.isError && (
          <Alert
            className="form-alert"
            type="error"
            showIcon
            title={t('groups.detail.membersLoadError')}
            description={errorContent(members.error)}
            action={
              <Button size="small" onClick={() => void members.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        )}
        <GroupMemberTable
          rows={members.data?.result ?? []}
          count={members.data?.count ?? 0}
          loading={members.isPending || members.isPlaceholderData}
          sort={params.sort}
          defaultSort={defaultSort}
          page={params.page}
          size={params.size}
          editable={editable}
          removingId={removingId}
          empty={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                <>
                  <div>{partialView ? t('groups.detail.emptyVisible') : t('groups.detail.empty')}</div>
                  {editable && (
                    <Typography.Text type="secondary">{t('groups.detail.emptyHint')}</Typography.Text>
                  )}
                </>
              }
            />
          }
          onSortChange={(sort) => update({ sort }, { resetPage: true })}
          onPageChange={(page, size) => update({ page: size === params.size ? page : 1, size })}
          onRemove={remove}
        />
      </Card>
      <GroupFormModal
        key={editing.key}
        open={editing.open}
        group={g}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </section>
  );
}
