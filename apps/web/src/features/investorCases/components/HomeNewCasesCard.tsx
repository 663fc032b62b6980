import { FundProjectionScreenOutlined } from '@ant-design/icons';
import { formatMoneyCompact } from '@dealflow/domain';
import { List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeCard } from '../../investorHome/components/HomeCard.tsx';
import { useMyCases } from '../api/investorCasesApi.ts';

/** The investor home's "new cases": the newest raising cases their tier lets them see. */
export function HomeNewCasesCard() {
  const { t } = useTranslation();
  const cases = useMyCases({ page: 1, size: 4 });
  const raising = (cases.data?.result ?? []).filter((c) => ['s1', 's2', 's3', 's4'].includes(c.status));
  return (
    <HomeCard
      icon={<FundProjectionScreenOutlined aria-hidden />}
      title={t('investorCases.home.title')}
      extra={<Link to="/investor/cases">{t('investorCases.home.all')}</Link>}
      pending={cases.isPending}
      error={cases.error}
      errorTitle={t('investorCases.loadError')}
      empty={raising.length === 0 ? t('investorCases.home.empty') : null}
    >
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
    </HomeCard>
  );
}
