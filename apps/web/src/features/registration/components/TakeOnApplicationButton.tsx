import { UserAddOutlined } from '@ant-design/icons';
import { type Case, staffCan } from '@dealflow/domain';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/index.ts';
import { useStaffUser } from '../../auth/session/index.ts';
import { useTakeOnApplication } from '../api/registrationApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/**
 * 承接此申請 on a registered startup's draft case nobody handles yet (ao, admin): after asking, the
 * caller becomes its AO. Someone faster is told so, and the page shows who has it.
 */
export function TakeOnApplicationButton({
  kase,
}: {
  kase: Pick<Case, 'id' | 'name' | 'status' | 'application_status' | 'ao'>;
}) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const me = useStaffUser();
  const takeOn = useTakeOnApplication();
  if (
    kase.application_status !== 'pending' ||
    kase.status !== 'draft' ||
    kase.ao !== null ||
    !staffCan(me.role, 'cases.write')
  )
    return null;
  return (
    <Button
      type="primary"
      icon={<UserAddOutlined aria-hidden />}
      loading={takeOn.isPending}
      onClick={() =>
        modal.confirm({
          title: t('registration.takeOn'),
          content: t('registration.takeOnConfirm', { name: kase.name }),
          okText: t('registration.takeOn'),
          cancelText: t('common.cancel'),
          onOk: async () => {
            try {
              await takeOn.mutateAsync(kase.id);
              message.success(t('registration.takenOn'));
            } catch (err) {
              message.error(errorText(err));
            }
          },
        })
      }
    >
      {t('registration.takeOn')}
    </Button>
  );
}
