import { INVESTOR_CASE_LIST_DEFAULTS, type InvestorCaseListQuery } from '@dealflow/domain';
import { Alert, Empty } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { LinkTabs } from '../../../shared/components/LinkTabs.tsx';
import { LazySelect } from '../../../shared/components/LazySelect.tsx';
import { SearchInput } from '../../../shared/components/SearchInput.tsx';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { keyOptionsOf, useStaticKeys } from '../../../shared/reference/referenceApi.ts';
import { useMyCases } from '../api/investorCasesApi.ts';
import { InvestorCaseCardView } from './InvestorCaseCardView.tsx';
import '../investorCases.css';

// Pagination (it brings antd's Select for its size changer) only shows past a page of cases: it loads then.
const Pagination = lazy(() => import('antd/es/pagination'));

/** The list's tabs: every stage an investor's cases are grouped by, each its own page (SPEC section 2). */
const TABS = [
  { key: 'all', path: '/investor/cases', stage: undefined },
  { key: 's1', path: '/investor/cases/s1', stage: 's1' },
  { key: 's2', path: '/investor/cases/s2', stage: 's2' },
  { key: 's3', path: '/investor/cases/s3', stage: 's3' },
  { key: 's4', path: '/investor/cases/s4', stage: 's4' },
  { key: 'after_invest', path: '/investor/cases/post_investment', stage: 'after_invest' },
  { key: 'drop', path: '/investor/cases/drop', stage: 'drop' },
] as const;

/**
 * The cases the investor may see (`/investor/cases[/{status}]`): cards by stage, with search and a
 * domain filter kept in the URL. What is listed is the server's decision (the tier rule).
 */
export function InvestorCaseList({ stage }: { stage?: InvestorCaseListQuery['status'] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const domain = params.get('domain') ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = INVESTOR_CASE_LIST_DEFAULTS.size;
  const list = useMyCases({ status: stage, q: q || undefined, domain, page, size });
  const domains = useStaticKeys('domain');
  const options = keyOptionsOf(domains.data, currentLanguage());
  const labels = new Map(options.map((o) => [o.value, o.label]));
  const domainLabel = (key: string) => labels.get(key) ?? t('investorCases.otherDomain');

  const patch = (next: Record<string, string | undefined>) => {
    const copy = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) copy.set(k, v);
      else copy.delete(k);
    }
    if (!('page' in next)) copy.delete('page');
    setParams(copy, { replace: true });
  };
  const active = TABS.find((tab) => tab.stage === stage)?.key ?? 'all';
  const rows = list.data?.result ?? [];
  const kept = new URLSearchParams(params);
  kept.delete('page');
  const stageSearch = kept.toString();

  return (
    <div className="icase-list">
      <LinkTabs
        label={t('investorCases.tabs.label')}
        activeKey={active}
        items={TABS.map((tab) => ({
          key: tab.key,
          // Another stage keeps the search and the domain, from its first page.
          to: { pathname: tab.path, search: stageSearch },
          label: tab.stage ? t(`investorCases.tabs.${tab.key}`) : t('investorCases.tabs.all'),
        }))}
      />
      <div className="icase-list__filters">
        <SearchInput
          className="icase-list__search"
          label={t('investorCases.search')}
          value={q}
          onChange={(value) => patch({ q: value || undefined })}
        />
        <LazySelect
          className="icase-list__domain"
          allowClear
          showSearch
          placeholder={t('investorCases.domain')}
          ariaLabel={t('investorCases.domain')}
          value={domain}
          options={options}
          onChange={(value) => patch({ domain: value })}
        />
      </div>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('investorCases.loadError')}
          description={errorContent(list.error)}
        />
      ) : list.isPending ? (
        // Three cards' shapes while the list loads, in our CSS (antd's Skeleton built its styles at run time).
        <div className="icase-grid df-loading" role="status" aria-label={t('common.loading')}>
          {[0, 1, 2].map((i) => (
            <div key={i} className="icase-card" aria-hidden>
              <span className="df-placeholder" style={{ width: '60%' }} />
              <span className="df-placeholder" />
              <span className="df-placeholder" style={{ width: '80%' }} />
            </div>
          ))}
        </div>
      ) : rows.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={q || domain ? t('investorCases.noMatch') : t('investorCases.empty')}
        />
      ) : (
        <>
          <p className="icase-list__count" aria-live="polite">
            {t('investorCases.count', { count: list.data?.count ?? 0 })}
          </p>
          <div className="icase-grid">
            {rows.map((item) => (
              <InvestorCaseCardView key={item.id} item={item} domainLabel={domainLabel} />
            ))}
          </div>
          {(list.data?.count ?? 0) > size ? (
            <Suspense fallback={<div className="icase-list__pages icase-list__pages--loading" />}>
              <Pagination
                className="icase-list__pages"
                current={page}
                pageSize={size}
                total={list.data?.count ?? 0}
                showSizeChanger={false}
                onChange={(p) => patch({ page: String(p) })}
              />
            </Suspense>
          ) : null}
        </>
      )}
    </div>
  );
}
