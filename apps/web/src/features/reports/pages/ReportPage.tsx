import { type ReportType, staffReportType } from '@dealflow/domain';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useStaffUser } from '../../auth/session/index.ts';
import { WelcomeCard } from '../components/WelcomeCard.tsx';

const isReportType = (value: string | null): value is ReportType => value === 'case' || value === 'investor';

/** /dashboard/report?type=case|investor: the staff home. Charts come with a later issue. */
export function ReportPage() {
  const { t } = useTranslation();
  const user = useStaffUser();
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  if (!isReportType(type))
    return <Navigate to={`/dashboard/report?type=${staffReportType(user.role)}`} replace />;
  return (
    <section className="page-section" aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title" className="page-title">
        {t(`report.types.${type}`)}
      </Typography.Title>
      <WelcomeCard user={user} type={type} onTypeChange={(next) => setParams({ type: next })} />
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.chartsComing')} />
      </Card>
    </section>
  );
}
