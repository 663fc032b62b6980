import { Alert, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';

/** Loading skeleton or the error alert of the queries a view needs; the view once all have data. */
export function LoadState({
  queries,
  children,
}: {
  queries: { isPending: boolean; isError: boolean; error: unknown }[];
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  const failed = queries.find((q) => q.isError);
  if (failed)
    return (
      <Alert
        type="error"
        showIcon
        title={t('investorIndustry.loadError')}
        description={errorContent(failed.error)}
      />
    );
  if (queries.some((q) => q.isPending)) return <Skeleton active paragraph={{ rows: 6 }} />;
  return <>{children()}</>;
}
