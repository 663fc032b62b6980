import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';
import { useSession } from '../../auth/session/index.ts';

/** /startup: the case owner's home. */
export function StartupHomePage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const user = session?.strategy === 'local' ? session.user : null;
  return (
    <ComingSoon
      title={user ? t('startupArea.welcome', { name: user.name }) : t('pages.startupHome')}
      extra={
        user?.case_name ? (
          <Typography.Paragraph type="secondary">
            {t('startupArea.caseName', { name: user.case_name })}
          </Typography.Paragraph>
        ) : null
      }
    />
  );
}
