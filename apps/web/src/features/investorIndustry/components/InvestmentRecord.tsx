import { type ClientRole, formatDate, formatMoney, formatMoneyCompact } from '@dealflow/domain';
import { Card, Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLabel } from '../../../shared/i18n/label.ts';
import { useInvestorId } from '../../investorHome/api/investorHomeApi.ts';
import { useMyRoles } from '../api/investorIndustryApi.ts';
import { type CaseRecord, recordsOf } from '../lib/records.ts';
import { LoadState } from './LoadState.tsx';

const FIGURES = ['invested', 'holdings', 'refunded'] as const satisfies readonly (keyof CaseRecord)[];

function Money({ value, currency }: { value: number | null; currency: string }) {
  const { t } = useTranslation();
  if (value === null) return <>{t('investorIndustry.noAmount')}</>;
  return <span title={formatMoney(value, currency)}>{formatMoneyCompact(value, currency)}</span>;
}

/**
 * `/investor/industry/record`: one entry per case the investor holds a role on, newest first: the
 * case, their roles, what they put in and when, what it is worth now and what came back.
 */
export function InvestmentRecord() {
  const { t } = useTranslation();
  const label = useLabel();
  const clientId = useInvestorId();
  const roles = useMyRoles(clientId);
  return (
    <LoadState queries={[roles]}>
      {() => {
        const records = recordsOf(roles.data ?? ([] as ClientRole[]));
        if (records.length === 0)
          return (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('investorIndustry.record.empty')} />
          );
        return (
          <>
            <p className="iindustry-count" aria-live="polite">
              {t('investorIndustry.cases', { count: records.length })}
            </p>
            <ul className="iindustry-stack">
              {records.map((r) => (
                <li key={r.caseId}>
                  <Card size="small" className="iindustry-record">
                    <div className="iindustry-row__head">
                      <Link to={`/investor/cases/detail/${r.caseId}`} className="iindustry-record__name">
                        {r.name}
                      </Link>
                      <Tag color="gold">{label('caseStage', r.status)}</Tag>
                    </div>
                    <div className="iindustry-record__meta">
                      {r.roles.map((role) => (
                        <Tag key={role}>{label('fundRole', role)}</Tag>
                      ))}
                      <span className="iindustry-label">
                        {t('investorIndustry.record.since', { date: formatDate(r.since) })}
                      </span>
                    </div>
                    <dl className="iindustry-row__figures">
                      {FIGURES.map((f) => (
                        <div key={f}>
                          <dt>{t(`investorIndustry.record.${f}`)}</dt>
                          <dd>
                            <Money value={r[f]} currency={r.currency} />
                          </dd>
                        </div>
                      ))}
                    </dl>
                    <div className="iindustry-record__links">
                      <Link to={`/investor/cases/detail/${r.caseId}`}>
                        {t('investorIndustry.record.openCase')}
                      </Link>
                      <Link to="/investor/contract">{t('investorIndustry.record.documents')}</Link>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
            <Typography.Paragraph type="secondary" className="iindustry-note">
              {t('investorIndustry.record.note')}
            </Typography.Paragraph>
          </>
        );
      }}
    </LoadState>
  );
}
