import { UserAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/components/ErrorAlert.tsx';
import { ClientSelect } from '../../clients/components/ClientSelect.tsx';
import { useJoinGroup } from '../api/groupsApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/**
 * Adds investors one after another: pick one with the client picker, add, and the picker is
 * ready for the next. An investor outside the caller's stages is refused by the server
 * (403 CLIENT_STAGE_NOT_ALLOWED), shown as any error is.
 */
export function GroupMemberAdd({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const showError = useErrorToast();
  const join = useJoinGroup(groupId);
  const [clientId, setClientId] = useState<number | null>(null);
  const labelId = useId();

  async function add() {
    if (clientId === null) return;
    try {
      const member = await join.mutateAsync(clientId);
      if (member.added) message.success(t('groups.detail.added', { name: member.name }));
      else message.info(t('groups.detail.alreadyMember', { name: member.name }));
      setClientId(null);
    } catch (error) {
      showError(error);
    }
  }

  return (
    <div className="group-member-add">
      <label id={labelId} className="group-member-add__label" htmlFor={`${labelId}-select`}>
        {t('groups.detail.addLabel')}
      </label>
      <div className="group-member-add__row">
        <div className="group-member-add__select">
          <ClientSelect id={`${labelId}-select`} value={clientId} onChange={setClientId} allowClear />
        </div>
        <Button
          type="primary"
          icon={<UserAddOutlined aria-hidden />}
          disabled={clientId === null}
          loading={join.isPending}
          onClick={() => void add()}
        >
          {t('groups.detail.add')}
        </Button>
      </div>
    </div>
  );
}
