import { LogoutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../features/auth/session/index.ts';

/** 登出: ends the session; the area guard then sends the user to the strategy's logout target. */
export function SignOutButton({
  block = false,
  type = 'default',
}: {
  block?: boolean;
  type?: 'default' | 'text' | 'primary';
}) {
  const { t } = useTranslation();
  const store = useSessionStore();
  const [pending, setPending] = useState(false);
  return (
    <Button
      type={type}
      block={block}
      icon={<LogoutOutlined aria-hidden />}
      loading={pending}
      onClick={() => {
        setPending(true);
        void store.logout();
      }}
    >
      {t('common.signOut')}
    </Button>
  );
}
