import { type ReportType, staffCan, staffReportType } from '@dealflow/domain';
import { Alert, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useStaffUser } from '../../auth/session/index.ts';
import { CaseReport } from '../components/CaseReport.tsx';
import { InvestorReport } from '../components/InvestorReport.tsx';
import { reportSearch, useReportParams } from '../hooks/useReportParams.ts';
import '../reports.css';

const PERMISSION = { case: 'reports.cases', investor: 'reports.investors' } as const;

/**
 * /dashboard/report?type=case|investor: the staff home (SPEC sections 2 and 6). ao read the case
 * report, ir and sa the investor report, admin both (policy `reports.cases`, `reports.investors`);
 * a missing type, or one the role may not read, goes to the role's own report, keeping any guard
 * notice that brought the user here.
 */
export function ReportPage() {
  const { t } = useTranslation();
  const user = useStaffUser();
  const location = useLocation();
  const navigate = useNavigate();
  const { params, update } = useReportParams();
  const type = params.type;

  if (!type || !staffCan(user.role, PERMISSION[type])) {
    const own = reportSearch({ ...params, type: staffReportType(user.role), activityPage: 1 });
    return <Navigate to={`/dashboard/report?${own}`} replace state={location.state} />;
  }
  const both = staffCan(user.role, 'reports.cases') && staffCan(user.role, 'reports.investors');

  return (
    <section className="page-section report-page" aria-labelledby="page-title" data-testid={`report-${type}`}>
      <div className="page-header">
        <div>
          <Typography.Title level={3} id="page-title" className="page-title">
            {t(`report.types.${type}`)}
          </Typography.Title>
          <Typography.Text type="secondary">{t('report.welcome', { name: user.name })}</Typography.Text>
        </div>
        {both && (
          <div className="page-header__actions">
            <Segmented<ReportType>
              aria-label={t('report.type')}
              value={type}
              onChange={(next) =>
                navigate(`/dashboard/report?${reportSearch({ ...params, type: next, activityPage: 1 })}`)
              }
              options={[
                { value: 'case', label: t('report.types.case') },
                { value: 'investor', label: t('report.types.investor') },
              ]}
            />
          </div>
        )}
      </div>
      {user.reviewer && <Alert type="info" showIcon title={t('report.reviewerNote')} />}
      {type === 'case' ? (
        <CaseReport key="case" params={params} update={update} />
      ) : (
        <InvestorReport key="investor" params={params} update={update} />
      )}
    </section>
  );
}
