import { AppstoreOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { CaseSummary } from '@dealflow/domain';
import { staffCan } from '@dealflow/domain';
import { Alert, Button, Card, Segmented, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaffUser } from '../../auth/session/index.ts';
import { useCaseList, useCaseStats, useRestoreCase } from '../api/casesApi.ts';
import { CaseFilters } from '../components/CaseFilters.tsx';
import { CaseStatusTabs } from '../components/CaseStatusTabs.tsx';
import { CaseTable } from '../components/CaseTable.tsx';
import { CaseBoard } from '../components/CaseBoard.tsx';
import {
  type CaseView,
  filterQueryOf,
  hasFilters,
  listRequestOf,
  useCaseListParams,
} from '../hooks/useCaseListParams.ts';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

// The create form (pickers, number inputs) loads when first opened, not with the list.
const CreateCaseDrawer = lazy(async () => ({
  default: (await import('../components/CreateCaseDrawer.tsx')).CreateCaseDrawer,
}));

/** /dashboard?status=…: the case list and the pipeline board (`view=board`). */
export function CaseListPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const me = useStaffUser();
  const { params, update } = useCaseListParams();
  const filters = filterQueryOf(params);
  const stats = useCaseStats(filters);
  const board = params.view === 'board';
  const list = useCaseList(listRequestOf(params));
  const restore = useRestoreCase();
  const [creating, setCreating] = useState(false);
  const canCreate = staffCan(me.role, 'cases.write') && !me.reviewer;

  async function restoreCase(row: CaseSummary) {
    try {
      await restore.mutateAsync(row.id);
      message.success(t('cases.restored', { name: row.name }));
    } catch (error) {
      message.error(errorContent(error));
    }
  }

  return (
    <section className="page-section" aria-labelledby="page-title">
      <div className="page-header">
        <div>
          <Typography.Title level={3} id="page-title" className="page-title">
            {t('cases.listTitle')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('cases.listSubtitle')}</Typography.Text>
        </div>
        <div className="page-header__actions">
          <Segmented<CaseView>
            aria-label={t('cases.view.label')}
            value={params.view}
            onChange={(view) => update({ view })}
            options={[
              { value: 'table', label: t('cases.view.table'), icon: <UnorderedListOutlined aria-hidden /> },
              { value: 'board', label: t('cases.view.board'), icon: <AppstoreOutlined aria-hidden /> },
            ]}
          />
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
              {t('cases.create')}
            </Button>
          )}
        </div>
      </div>
      <Card>
        <CaseFilters params={params} onChange={(patch) => update(patch, { resetPage: true })} />
        {!board && (
          <CaseStatusTabs
            status={params.status}
            stats={stats.data}
            onChange={(status) => update({ status }, { resetPage: true })}
          />
        )}
        {(board ? stats.isError : list.isError) && (
          <Alert
            className="form-alert"
            type="error"
            showIcon
            title={t('cases.loadError')}
            description={errorContent(board ? stats.error : list.error)}
            action={
              <Button size="small" onClick={() => void (board ? stats.refetch() : list.refetch())}>
                {t('common.retry')}
              </Button>
            }
          />
        )}
        {board ? (
          <CaseBoard user={me} stats={stats.data} filters={filters} />
        ) : (
          <CaseTable
            rows={list.data?.result ?? []}
            count={list.data?.count ?? 0}
            loading={list.isPending || list.isPlaceholderData}
            user={me}
            sort={params.sort}
            page={params.page}
            size={params.size}
            restoringId={restore.isPending ? (restore.variables ?? null) : null}
            empty={
              hasFilters(params) ? (
                <>
                  <div>{t('cases.emptyFiltered')}</div>
                  <Button
                    type="link"
                    onClick={() =>
                      update(
                        { q: '', aoId: undefined, round: '', domain: '', currency: '', deleted: false },
                        { resetPage: true },
                      )
                    }
                  >
                    {t('cases.clearFilters')}
                  </Button>
                </>
              ) : (
                t('cases.empty')
              )
            }
            onSortChange={(sort) => update({ sort }, { resetPage: true })}
            onPageChange={(page, size) => update({ page: size === params.size ? page : 1, size })}
            onRestore={restoreCase}
          />
        )}
      </Card>
      {canCreate && creating && (
        <Suspense fallback={null}>
          <CreateCaseDrawer open user={me} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </section>
  );
}
