import { CASE_STAGES, type CaseStage } from '@dealflow/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

const isStage = (v: string | null): v is CaseStage => (CASE_STAGES as readonly (string | null)[]).includes(v);

/** /dashboard?status=…: the case list (status all means no filter). */
export function CaseListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const status = params.get('status');
  const label = isStage(status) ? t(`caseStages.${status}`) : t('common.all');
  return (
    <ComingSoon
      title={t('pages.cases')}
      extra={<Tag className="page-filter-tag">{t('pages.casesFilter', { status: label })}</Tag>}
    />
  );
}
