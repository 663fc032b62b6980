import {
  BUSINESS_PLAN_SECTIONS,
  formatDate,
  formatMoney,
  type InvestorCaseDetail,
  INVESTOR_TERM_SHEET_FIELDS,
  type TermSheetField,
} from '@dealflow/domain';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Result,
  Select,
  Skeleton,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/index.ts';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { label } from '../../../shared/i18n/label.ts';
import { keyOptionsOf, useStaticKeys } from '../../../shared/reference/referenceApi.ts';
import { DataRoomFiles } from '../../dataRoom/DataRoomDrawer.tsx';
import { useMyCase, useMyCases } from '../api/investorCasesApi.ts';
import { CaseConversation } from './CaseConversation.tsx';
import { InterestPanel } from './InterestPanel.tsx';
import { MyCaseDocument } from './MyCaseDocument.tsx';
import '../investorCases.css';

/** The sub-pages of a case's detail (SPEC section 2), in the order an investor goes through them. */
export const CASE_SECTIONS = [
  'summary-of-terms',
  'custom-data',
  'download-content',
  'nda',
  'loi',
  'coi',
] as const;
export type CaseSection = (typeof CASE_SECTIONS)[number];

const AMOUNT_TERMS = new Set<TermSheetField>(['total_amount', 'investment_amount', 'year_revenue']);
const FILE_TERMS = new Set<TermSheetField>(['medias', 'presentationFile']);

function termValue(field: TermSheetField, value: unknown, currency: string): ReactNode {
  if (AMOUNT_TERMS.has(field) && (typeof value === 'number' || typeof value === 'string'))
    return formatMoney(value, currency);
  if (field === 'maturity_date' && typeof value === 'string') return formatDate(value) || value;
  return <span className="icase-detail__long">{String(value)}</span>;
}

function SummaryOfTerms({ kase }: { kase: InvestorCaseDetail }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const domains = useStaticKeys('domain');
  const labels = new Map(keyOptionsOf(domains.data, currentLanguage()).map((o) => [o.value, o.label]));
  const money = (v: number | null) => (v === null ? t('forms.empty') : formatMoney(v, kase.currency));
  const terms = INVESTOR_TERM_SHEET_FIELDS.filter(
    (f) => !FILE_TERMS.has(f) && kase.term_sheet[f] !== undefined && kase.term_sheet[f] !== '',
  );
  return (
    <Card title={t('investorCases.sections.summary-of-terms')}>
      <Descriptions
        bordered
        size="small"
        column={1}
        layout={isMobile ? 'vertical' : 'horizontal'}
        items={[
          { key: 'round', label: t('cases.form.round'), children: kase.round || t('forms.empty') },
          { key: 'fund_raising', label: t('cases.form.fundRaising'), children: money(kase.fund_raising) },
          { key: 'pre_money', label: t('cases.form.preMoney'), children: money(kase.pre_money) },
          { key: 'funding', label: t('cases.form.funding'), children: money(kase.funding) },
          {
            key: 'domains',
            label: t('cases.form.domains'),
            children:
              kase.domain_keys.map((k) => labels.get(k) ?? t('investorCases.otherDomain')).join('、') ||
              t('forms.empty'),
          },
          ...(kase.website
            ? [
                {
                  key: 'website',
                  label: t('cases.form.website'),
                  children: (
                    <a href={kase.website} target="_blank" rel="noreferrer noopener">
                      {kase.website}
                    </a>
                  ),
                },
              ]
            : []),
          ...(kase.co_investor
            ? [{ key: 'co', label: t('cases.form.coInvestor'), children: kase.co_investor }]
            : []),
          ...(kase.ao ? [{ key: 'ao', label: t('investorCases.contact'), children: kase.ao.name }] : []),
          ...terms.map((field) => ({
            key: field,
            label: t(`cases.termSheet.${field}`),
            children: termValue(field, kase.term_sheet[field], kase.currency),
          })),
        ]}
      />
      {kase.roles.length > 0 ? (
        <>
          <Typography.Title level={5} className="icase-detail__subtitle">
            {t('investorCases.myRoles')}
          </Typography.Title>
          <ul>
            {kase.roles.map((r) => (
              <li key={r.id}>
                {label('fundRole', r.role)}
                {r.invest_money !== null ? `：${formatMoney(r.invest_money, kase.currency)}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

function CustomData({ kase }: { kase: InvestorCaseDetail }) {
  const { t } = useTranslation();
  const sections = BUSINESS_PLAN_SECTIONS.filter((s) => kase.business_plan[s]);
  return (
    <Card title={t('investorCases.sections.custom-data')}>
      {kase.overview ? (
        <>
          <Typography.Title level={5}>{t('cases.form.overview')}</Typography.Title>
          <Typography.Paragraph className="icase-detail__long">{kase.overview}</Typography.Paragraph>
        </>
      ) : null}
      {sections.length === 0 && !kase.overview ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('investorCases.noPlan')} />
      ) : (
        sections.map((s) => (
          <section key={s}>
            <Typography.Title level={5}>{t(`cases.businessPlan.${s}`)}</Typography.Title>
            <Typography.Paragraph className="icase-detail__long">
              {kase.business_plan[s]}
            </Typography.Paragraph>
          </section>
        ))
      )}
    </Card>
  );
}

function DownloadContent({ kase }: { kase: InvestorCaseDetail }) {
  const { t } = useTranslation();
  return (
    <Card title={t('investorCases.sections.download-content')}>
      {kase.access.masked ? (
        <Alert
          type="info"
          showIcon
          title={t('investorCases.docs.needNda')}
          action={<Link to={`/investor/cases/detail/${kase.id}/nda`}>{t('investorCases.docs.toNda')}</Link>}
        />
      ) : (
        <DataRoomFiles caseId={kase.id} />
      )}
    </Card>
  );
}

/** Changing the case navigates to its detail (SPEC section 2). */
export function CaseSwitch({ caseId, section }: { caseId: number | null; section?: CaseSection }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cases = useMyCases({ page: 1, size: 100 });
  return (
    <Select
      className="icase-detail__switch"
      showSearch={{ optionFilterProp: 'label' }}
      loading={cases.isPending}
      placeholder={t('investorCases.switch')}
      aria-label={t('investorCases.switch')}
      value={caseId ?? undefined}
      options={(cases.data?.result ?? []).map((c) => ({ value: c.id, label: c.name }))}
      onChange={(id: number) => navigate(`/investor/cases/detail/${id}${section ? `/${section}` : ''}`)}
    />
  );
}

/** A case's detail for an investor (`/investor/cases/detail/{id}[/{section}]`). */
export function InvestorCaseDetailView({ caseId, section }: { caseId: number; section: CaseSection }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = useMyCase(caseId);
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404)
      return (
        <Result
          status="404"
          title={t('investorCases.notFound')}
          subTitle={t('investorCases.notFoundHint')}
          extra={
            <Button type="primary" onClick={() => navigate('/investor/cases')}>
              {t('investorCases.backToList')}
            </Button>
          }
        />
      );
    return (
      <Alert
        type="error"
        showIcon
        title={t('investorCases.loadError')}
        description={errorContent(detail.error)}
      />
    );
  }
  const kase = detail.data;
  const body: Record<CaseSection, ReactNode> = {
    'summary-of-terms': <SummaryOfTerms kase={kase} />,
    'custom-data': <CustomData kase={kase} />,
    'download-content': <DownloadContent kase={kase} />,
    nda: <MyCaseDocument kase={kase} kind="nda" />,
    loi: <MyCaseDocument kase={kase} kind="loi" />,
    coi: <MyCaseDocument kase={kase} kind="coi" />,
  };
  return (
    <div className="icase-detail">
      <div className="icase-detail__head">
        <div>
          <Typography.Title level={3} className="icase-detail__title" id="page-title">
            {kase.name}
          </Typography.Title>
          <div>
            <Tag color="gold">{t(`caseStages.${kase.status}`)}</Tag>
            {kase.round ? <Tag>{kase.round}</Tag> : null}
            {kase.access.masked ? <Tag>{t('investorCases.masked')}</Tag> : null}
          </div>
        </div>
        <CaseSwitch caseId={kase.id} section={section} />
      </div>
      {kase.access.masked ? (
        <Alert
          className="icase-detail__notice"
          type="info"
          showIcon
          title={t('investorCases.maskedNotice')}
          action={
            section !== 'nda' ? (
              <Link to={`/investor/cases/detail/${kase.id}/nda`}>{t('investorCases.docs.toNda')}</Link>
            ) : undefined
          }
        />
      ) : null}
      <Tabs
        className="icase-detail__sections"
        activeKey={section}
        onChange={(key) => navigate(`/investor/cases/detail/${kase.id}/${key}`)}
        items={CASE_SECTIONS.map((s) => ({ key: s, label: t(`investorCases.sections.${s}`) }))}
      />
      <div className="icase-detail__grid">
        <div>{body[section]}</div>
        <aside className="icase-detail__aside">
          <InterestPanel kase={kase} />
          <CaseConversation caseId={kase.id} recused={kase.recusal !== null} />
        </aside>
      </div>
    </div>
  );
}
