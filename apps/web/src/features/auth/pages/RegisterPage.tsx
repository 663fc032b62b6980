import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /register: filled by a later issue. */
export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <div className="login-page">
      <h1 className="login-page__title">{t('pages.register')}</h1>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <strong>{t('common.comingSoon')}</strong>
            <br />
            <span className="login-page__subtitle">{t('common.comingSoonHint')}</span>
          </>
        }
      />
      <div className="login-page__links">
        <Link to="/login">{t('auth.toAreaLogin')}</Link>
      </div>
    </div>
  );
}
