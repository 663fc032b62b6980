import {
  type CaseBrief,
  type CaseRatingField,
  canSetRating,
  formatDate,
  formatMoney,
  INVESTOR_TERM_SHEET_FIELDS,
  staffCan,
  type TermSheetField,
} from '@dealflow/domain';
import { Alert, Button, Descriptions, Drawer, Rate, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/index.ts';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { label } from '../../../shared/i18n/label.ts';
import { useStaffUser } from '../../auth/session/index.ts';
import { useCaseBrief, useSetIrRating } from '../api/caseBriefApi.ts';
import { useStaticKeys } from '../api/casesApi.ts';
import { domainOptionsOf } from '../lib/domainOptions.ts';
import { isStoredRef, isWebLink, mediaItemsOf, termFileOf } from '../lib/termSheetFiles.ts';
import { StageTag } from './StageTag.tsx';
import { TermSheetFileRow } from './TermSheetFileRow.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

const AMOUNT_TERMS = new Set<TermSheetField>(['total_amount', 'investment_amount', 'year_revenue']);
const LONG_TERMS = new Set<TermSheetField>(['summary_terms', 'loi', 'nda', 'automatic_conversion_financing']);

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** One investor-visible term as it reads: amounts in the case's currency, dates, links, long texts kept whole. */
function termText(field: TermSheetField, value: unknown, currency: string): ReactNode {
  if (AMOUNT_TERMS.has(field) && (typeof value === 'number' || typeof value === 'string'))
    return formatMoney(value, currency);
  if (field === 'maturity_date' && typeof value === 'string') return formatDate(value) || value;
  if (field === 'medias' && Array.isArray(value))
    return (
      <ul className="case-brief__list">
        {mediaItemsOf(value).map((m, i) => (
          <li key={`${isStoredRef(m) ? m.file_id : m.url}-${String(i)}`}>
            {isStoredRef(m) ? (
              <TermSheetFileRow file={m} />
            ) : isWebLink(m.url) ? (
              <a href={m.url} target="_blank" rel="noreferrer noopener">
                {m.name || m.url}
              </a>
            ) : (
              m.name || m.url
            )}
          </li>
        ))}
      </ul>
    );
  if (field === 'presentationFile') {
    const file = termFileOf(value);
    return file ? <TermSheetFileRow file={file} /> : null;
  }
  if (LONG_TERMS.has(field)) return <span className="record-view__long">{String(value)}</span>;
  return String(value);
}

/** One rating as stars with who gave it; `onRate` makes it settable (0 clears it). */
function RatingRow({
  brief,
  field,
  onRate,
  saving,
}: {
  brief: CaseBrief;
  field: CaseRatingField;
  onRate?: (value: number) => void;
  saving?: boolean;
}) {
  const { t } = useTranslation();
  const name = field === 'rating_ir_score' ? t('cases.ratings.ir') : t('cases.ratings.ao');
  const by = field === 'rating_ir_score' ? brief.rating_ir_by : brief.rating_ao_by;
  const score = brief[field];
  return (
    <div className="case-brief__rating">
      <Rate aria-label={name} value={score ?? 0} disabled={!onRate || saving} onChange={onRate} />
      <Typography.Text type="secondary">
        {score === null
          ? t('clientPage.caseSummary.notRated')
          : by
            ? t('clientPage.caseSummary.ratedBy', { name: by.name })
            : null}
      </Typography.Text>
    </div>
  );
}

function BriefBody({ brief }: { brief: CaseBrief }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const me = useStaffUser();
  const isMobile = useIsMobile();
  const domains = useStaticKeys('domain');
  const rate = useSetIrRating(brief.id);
  const domainLabels = new Map(
    domainOptionsOf(domains.data, currentLanguage()).map((o) => [o.value, o.label]),
  );
  const mayRate = !me.reviewer && canSetRating(me.role, 'rating_ir_score');
  const money = (v: number | null) => (v === null ? t('forms.empty') : formatMoney(v, brief.currency));
  const layout = isMobile ? 'vertical' : 'horizontal';

  async function setRating(value: number) {
    try {
      await rate.mutateAsync({ rating_ir_score: value === 0 ? null : value });
      message.success(t('cases.ratings.saved'));
    } catch (error) {
      message.error(errorContent(error));
    }
  }

  const terms = INVESTOR_TERM_SHEET_FIELDS.filter((f) => !isEmpty(brief.term_sheet[f]));

  return (
    <div className="case-brief">
      <Descriptions
        bordered
        size="small"
        column={1}
        layout={layout}
        items={[
          {
            key: 'status',
            label: t('clientPage.caseSummary.stage'),
            children: <StageTag stage={brief.status} />,
          },
          { key: 'round', label: t('cases.form.round'), children: brief.round || t('forms.empty') },
          { key: 'currency', label: t('cases.form.currency'), children: label('currency', brief.currency) },
          { key: 'fund_raising', label: t('cases.form.fundRaising'), children: money(brief.fund_raising) },
          { key: 'pre_money', label: t('cases.form.preMoney'), children: money(brief.pre_money) },
          { key: 'funding', label: t('cases.form.funding'), children: money(brief.funding) },
          {
            key: 'domains',
            label: t('cases.form.domains'),
            children: brief.domain_keys.map((k) => domainLabels.get(k) ?? k).join('、') || t('forms.empty'),
          },
          {
            key: 'overview',
            label: t('cases.form.overview'),
            children: brief.overview ? (
              <span className="record-view__long">{brief.overview}</span>
            ) : (
              t('forms.empty')
            ),
          },
        ]}
      />

      <Typography.Title level={5}>{t('clientPage.caseSummary.terms')}</Typography.Title>
      {terms.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('clientPage.caseSummary.noTerms')}</Typography.Paragraph>
      ) : (
        <Descriptions
          bordered
          size="small"
          column={1}
          layout={layout}
          items={terms.map((field) => ({
            key: field,
            label: t(`cases.termSheet.${field}`),
            children: termText(field, brief.term_sheet[field], brief.currency),
          }))}
        />
      )}

      <Typography.Title level={5}>{t('clientPage.caseSummary.roles')}</Typography.Title>
      {brief.roles.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('clientPage.caseSummary.noRoles')}</Typography.Paragraph>
      ) : (
        <Descriptions
          bordered
          size="small"
          column={1}
          layout={layout}
          items={brief.roles.map((r) => ({
            key: r.role,
            label: label('fundRole', r.role),
            children: r.clients.map((c) => c.name).join('、'),
          }))}
        />
      )}

      <Typography.Title level={5}>{t('clientPage.caseSummary.ratings')}</Typography.Title>
      <Descriptions
        bordered
        size="small"
        column={1}
        layout={layout}
        items={[
          {
            key: 'ir',
            label: t('cases.ratings.ir'),
            children: (
              <RatingRow
                brief={brief}
                field="rating_ir_score"
                onRate={mayRate ? (v) => void setRating(v) : undefined}
                saving={rate.isPending}
              />
            ),
          },
          {
            key: 'ao',
            label: t('cases.ratings.ao'),
            children: <RatingRow brief={brief} field="rating_ao_score" />,
          },
        ]}
      />
      {mayRate && (
        <Typography.Paragraph type="secondary" className="case-brief__hint">
          {t('cases.ratings.hint')}
        </Typography.Paragraph>
      )}
    </div>
  );
}

/**
 * The case summary drawer (issue 9): what ir and sa need to present a case to an investor, read
 * only, without the case management page SPEC section 6 keeps them from. ir (and admin) set the IR
 * rating here; those who run cases get a link to the full case page.
 */
export function CaseSummaryDrawer({
  caseId,
  caseName,
  onClose,
}: {
  /** The case shown; null keeps the drawer closed. */
  caseId: number | null;
  /** Shown as the title while the summary loads. */
  caseName?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const me = useStaffUser();
  const isMobile = useIsMobile();
  const brief = useCaseBrief(caseId);
  const notFound = brief.error instanceof ApiError && brief.error.status === 404;
  return (
    <Drawer
      open={caseId !== null}
      title={brief.data?.name ?? caseName ?? t('clientPage.caseSummary.title')}
      size={isMobile ? '100%' : 640}
      onClose={onClose}
      destroyOnHidden
      extra={
        caseId !== null &&
        staffCan(me.role, 'cases.read') && (
          <Link to={`/dashboard/manager/${caseId}`}>{t('clientPage.caseSummary.openCase')}</Link>
        )
      }
    >
      {brief.isPending && caseId !== null ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : brief.isError ? (
        <Alert
          type={notFound ? 'warning' : 'error'}
          showIcon
          title={notFound ? t('clientPage.caseSummary.notFound') : t('clientPage.caseSummary.loadError')}
          description={notFound ? undefined : errorContent(brief.error)}
          action={
            notFound ? undefined : (
              <Button size="small" onClick={() => void brief.refetch()}>
                {t('common.retry')}
              </Button>
            )
          }
        />
      ) : brief.data ? (
        <BriefBody brief={brief.data} />
      ) : null}
    </Drawer>
  );
}

/** A case summary drawer to open from anywhere (a table row, a picker): `open(id, name)`. */
export function useCaseSummaryDrawer(): { open: (caseId: number, name?: string) => void; drawer: ReactNode } {
  const [shown, setShown] = useState<{ id: number; name?: string } | null>(null);
  return {
    open: (id, name) => setShown({ id, name }),
    drawer: (
      <CaseSummaryDrawer caseId={shown?.id ?? null} caseName={shown?.name} onClose={() => setShown(null)} />
    ),
  };
}

/** A case's name that opens its summary drawer, for lists of cases outside case management. */
export function CaseSummaryLink({ caseId, name }: { caseId: number; name: string }) {
  const { t } = useTranslation();
  const summary = useCaseSummaryDrawer();
  return (
    <>
      <Button
        type="link"
        className="case-summary-link"
        aria-label={t('clientPage.caseSummary.open', { name })}
        onClick={() => summary.open(caseId, name)}
      >
        {name}
      </Button>
      {summary.drawer}
    </>
  );
}
