import { HomeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

export type ErrorStatus = 403 | 404 | 500;

/**
 * The error screen of SPEC sections 2 and 8: the status, 'Oops, <message>' and a 回首頁 button.
 * `homePath` is the session's home (investor cases s1, the staff report, or /login).
 * Plain markup on purpose: this screen is in the entry chunk, so it stays free of heavier antd parts.
 */
export function ErrorScreen({
  status,
  homePath,
  onHome,
}: {
  status: ErrorStatus;
  homePath: string;
  onHome: (path: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <main className="full-page-center error-screen" id="main-content">
      <div className="error-screen__box">
        <p className="error-screen__code" aria-hidden="true">
          {status}
        </p>
        <h1 className="error-screen__headline">
          <span className="visually-hidden">{status} </span>
          {t(`errorScreen.headline${status}`)}
        </h1>
        <p className="error-screen__detail">{t(`errorScreen.detail${status}`)}</p>
        <Button
          type="primary"
          size="large"
          icon={<HomeOutlined aria-hidden />}
          href={homePath}
          onClick={(event) => {
            event.preventDefault();
            onHome(homePath);
          }}
        >
          {t('errorScreen.backHome')}
        </Button>
      </div>
    </main>
  );
}
