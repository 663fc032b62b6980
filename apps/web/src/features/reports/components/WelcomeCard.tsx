import type { ReportType, StaffUser } from '@dealflow/domain';
import { Alert, Card, Descriptions, Segmented, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Landing card of the staff home: who is signed in and which report is open. */
export function WelcomeCard({
  user,
  type,
  onTypeChange,
}: {
  user: StaffUser;
  type: ReportType;
  onTypeChange: (type: ReportType) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card className="welcome-card">
      <Typography.Title level={3} className="welcome-card__title">
        {t('report.welcome', { name: user.name })}
      </Typography.Title>
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'role',
            label: t('report.role'),
            children: <Tag color="gold">{t(`roles.${user.role}`)}</Tag>,
          },
          {
            key: 'type',
            label: t('report.type'),
            children: (
              <Segmented<ReportType>
                aria-label={t('report.type')}
                value={type}
                onChange={onTypeChange}
                options={[
                  { value: 'case', label: t('report.types.case') },
                  { value: 'investor', label: t('report.types.investor') },
                ]}
              />
            ),
          },
        ]}
      />
      {user.reviewer && (
        <Alert className="welcome-card__note" type="info" showIcon title={t('report.reviewerNote')} />
      )}
    </Card>
  );
}
