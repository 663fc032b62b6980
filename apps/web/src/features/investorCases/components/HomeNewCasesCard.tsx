import { FundProjectionScreenOutlined } from '@ant-design/icons';
import { formatMoneyCompact } from '@dealflow/domain';
import { Card, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { useMyCases } from '../api/investorCasesApi.ts';

/** The investor home's "new cases": the newest raising cases their tier lets them see. */
export function HomeNewCasesCard() {
  const { t } = useTranslation();
  const cases = useMyCases({ page: 1, size: 4 });
  const raising = (cases.data?.result ?? []).filter((c) => ['s1', 's2', 's3', 's4'].includes(c.status));
  return (
    <Card
      size="small"
      className="investor-home__card"
      title={
        <span className="investor-home__card-title">
          <FundProjectionScreenOutlined aria-hidden /> {t('investorCases.home.title')}
        </span>
      }
      extra={<Link to="/investor/cases">{t('investorCases.home.all')}</Link>}
    >
      {cases.isPending && <Skeleton active paragraph={{ rows: 2 }} title={false} />}
      {cases.isError && <ErrorAlert error={cases.error} title={t('investorCases.loadError')} />}
      {cases.isSuccess && raising.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('investorCases.home.empty')} />
      )}
      {raising.length > 0 && (
        <List
          size="small"
          dataSource={raising}
          renderItem={(c) => (
            <List.Item>
              <Link to={`/investor/cases/detail/${c.id}`}>
                <Typography.Text strong>{c.name}</Typography.Text>
              </Link>{' '}
              <Tag color="gold">{t(`caseStages.${c.status}`)}</Tag>
              {c.fund_raising !== null ? (
                <Typography.Text type="secondary">
                  {formatMoneyCompact(c.fund_raising, c.currency)}
                </Typography.Text>
              ) : null}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
