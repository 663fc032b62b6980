import { DeleteOutlined, HistoryOutlined, MoreOutlined, UndoOutlined } from '@ant-design/icons';
import {
  type Client,
  CONTACT_STAGES,
  type ContactStage,
  contactMoveTargets,
  formatDate,
  membershipExpiry,
} from '@dealflow/domain';
import { Alert, Button, Dropdown, Select, Tag, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { label } from '../../../shared/i18n/label.ts';
import { useStaffUser } from '../../auth/session/index.ts';
import { useDeleteClient, useRestoreClient } from '../api/clientApi.ts';
import { useClientMove } from '../hooks/useClientMove.tsx';
import { ApproveApplicationButton } from '../../registration/components/ApproveApplicationButton.tsx';
import { NewApplicationTag } from '../../registration/components/NewApplicationTag.tsx';
import { clientTypeLabel } from '../lib/clientTypes.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

export const CLIENT_LIST_PATH = '/dashboard/investor';
const DAY_MS = 86_400_000;

/** Early stages cool, handed-over ones green, dropped red: the stage reads at a glance. */
const STAGE_COLOR: Record<ContactStage, string> = {
  p0: 'default',
  p1: 'blue',
  p2: 'cyan',
  p3: 'geekblue',
  p4: 'purple',
  p5: 'green',
  p6: 'gold',
  drop: 'red',
};

/** 會員資格已到期 / 即將到期 (within 30 days), with the date; nothing while valid or unset. */
function ExpiryWarning({ expiryAt }: { expiryAt: string | null }) {
  const { t } = useTranslation();
  const state = membershipExpiry(expiryAt);
  if (!expiryAt || (state !== 'expired' && state !== 'expiring')) return null;
  const date = formatDate(expiryAt);
  const days = Math.max(1, Math.ceil((new Date(expiryAt).getTime() - Date.now()) / DAY_MS));
  return (
    <Alert
      className="client-header__expiry"
      type={state === 'expired' ? 'error' : 'warning'}
      showIcon
      title={
        state === 'expired'
          ? t('clientPage.header.expired', { date })
          : t('clientPage.header.expiring', { date, count: days })
      }
    />
  );
}

/**
 * The client named once: tier, contact stage (a selector offering only the moves the viewer may
 * make, same rule as the server), owner and membership expiry. 歷程 is one click away; deleting
 * and restoring sit in the 更多 menu.
 */
export function ClientPageHeader({
  client,
  editable,
  mayRemove,
  onHistory,
}: {
  client: Client;
  editable: boolean;
  /** Whether the viewer may delete or restore this client. */
  mayRemove: boolean;
  onHistory: () => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const navigate = useNavigate();
  const me = useStaffUser();
  const remove = useDeleteClient();
  const restore = useRestoreClient();
  const move = useClientMove({
    onHandedOver: () => navigate(CLIENT_LIST_PATH),
  });
  const targets = editable ? contactMoveTargets(me.role, client.process_status) : [];

  function confirmDelete() {
    modal.confirm({
      title: t('clientPage.header.deleteTitle', { name: client.name }),
      content: t('clientPage.header.deleteBody'),
      okText: t('clientPage.header.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(client.id);
          message.success(t('clientPage.header.deleted', { name: client.name }));
          navigate(CLIENT_LIST_PATH);
        } catch (error) {
          message.error(errorContent(error));
        }
      },
    });
  }

  function doRestore() {
    restore.mutate(client.id, {
      onSuccess: () => message.success(t('clientPage.header.restored', { name: client.name })),
      onError: (error) => message.error(errorContent(error)),
    });
  }

  const menu: MenuProps['items'] = client.is_deleted
    ? [
        {
          key: 'restore',
          icon: <UndoOutlined aria-hidden />,
          label: t('clientPage.header.restore'),
          onClick: doRestore,
        },
      ]
    : [
        {
          key: 'delete',
          danger: true,
          icon: <DeleteOutlined aria-hidden />,
          label: t('clientPage.header.delete'),
          onClick: confirmDelete,
        },
      ];

  return (
    <header className="case-header client-header">
      <div className="client-header__main">
        <div className="case-header__title">
          <Typography.Title level={3} id="page-title">
            {client.name}
          </Typography.Title>
          <Tag color="gold">{label('membership', client.membership)}</Tag>
          {targets.length === 0 && (
            <Tag color={STAGE_COLOR[client.process_status]}>
              {label('contactStage', client.process_status)}
            </Tag>
          )}
          {client.status === 'inactive' && <Tag>{t('clientPage.profile.status.inactive')}</Tag>}
          <NewApplicationTag pending={client.application_status === 'pending'} />
        </div>
        <div className="case-header__people">
          <span>
            {t('clientPage.header.owner', { name: client.employee?.name ?? t('clientPage.header.noOwner') })}
          </span>
          {client.type && <span>{t('clientPage.header.type', { type: clientTypeLabel(client.type) })}</span>}
          <span>{[client.email, client.phone].filter(Boolean).join(' · ')}</span>
        </div>
      </div>
      <div className="case-header__actions">
        <ApproveApplicationButton client={client} />
        {targets.length > 0 && (
          <Select<ContactStage>
            className="case-header__stage"
            aria-label={t('clientPage.header.stageSelect')}
            value={client.process_status}
            loading={move.movingId === client.id}
            disabled={move.movingId === client.id}
            onChange={(to) => move.requestMove(client, to)}
            options={CONTACT_STAGES.filter((s) => s === client.process_status || targets.includes(s)).map(
              (stage) => ({
                value: stage,
                label: label('contactStage', stage),
              }),
            )}
          />
        )}
        <Button icon={<HistoryOutlined aria-hidden />} onClick={onHistory}>
          {t('clientPage.tabs.history')}
        </Button>
        {mayRemove && (
          <Dropdown trigger={['click']} menu={{ items: menu }}>
            <Button icon={<MoreOutlined aria-hidden />} aria-label={t('clientPage.header.more')}>
              {t('forms.more')}
            </Button>
          </Dropdown>
        )}
      </div>
      {!client.is_deleted && <ExpiryWarning expiryAt={client.expiry_at} />}
      {move.modal}
    </header>
  );
}
