import { AppstoreOutlined, PlusOutlined, UnorderedListOutlined, UploadOutlined } from '@ant-design/icons';
import { type ClientSummary, clientStagesVisibleTo, staffCan } from '@dealflow/domain';
import { Alert, Button, Card, Segmented, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useStaffUser } from '../../auth/session/index.ts';
import { useRestoreClient } from '../../clients/api/clientApi.ts';
import { useClientList, useClientStats } from '../../clients/api/clientListApi.ts';
import { ClientBoard } from '../../clients/components/ClientBoard.tsx';
import { ClientExportButton } from '../../clients/components/ClientExportButton.tsx';
import { ClientFilters } from '../../clients/components/ClientFilters.tsx';
import { ClientStageTabs } from '../../clients/components/ClientStageTabs.tsx';
import { ClientTable } from '../../clients/components/ClientTable.tsx';
import {
  CLEARED_FILTERS,
  type ClientView,
  clientFilterQueryOf,
  clientListRequestOf,
  hasClientFilters,
  useClientListParams,
} from '../../clients/hooks/useClientListParams.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

// The create form (pickers, date and number inputs) loads when first opened, not with the list.
const CreateClientDrawer = lazy(async () => ({
  default: (await import('../../clients/components/CreateClientDrawer.tsx')).CreateClientDrawer,
}));
const ClientImportModal = lazy(async () => ({
  default: (await import('../../clients/components/ClientImportModal.tsx')).ClientImportModal,
}));

/** /dashboard/investor: the client book as a list (stage tabs with counts) or the pipeline board (`view=board`). */
export function InvestorsPage() {
  const { t } = useTranslation();
  const me = useStaffUser();
  const { params, update } = useClientListParams();
  const stages = clientStagesVisibleTo(me.role);
  const filters = clientFilterQueryOf(params);
  const stats = useClientStats(filters);
  const board = params.view === 'board';
  const request = clientListRequestOf(params, stages);
  const list = useClientList(request);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const { message } = useFeedback();
  const restore = useRestoreClient();
  const canCreate = staffCan(me.role, 'clients.write') && !me.reviewer;
  const failed = board ? stats : list;

  async function restoreClient(row: ClientSummary) {
    try {
      await restore.mutateAsync(row.id);
      message.success(t('clientList.restored', { name: row.name }));
    } catch (error) {
      message.error(errorContent(error));
    }
  }

  return (
    <section className="page-section" aria-labelledby="page-title">
      <div className="page-header">
        <div>
          <Typography.Title level={3} id="page-title" className="page-title">
            {t('clientList.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('clientList.subtitle')}</Typography.Text>
        </div>
        <div className="page-header__actions">
          <Segmented<ClientView>
            aria-label={t('clientList.view.label')}
            value={params.view}
            onChange={(view) => update({ view })}
            options={[
              {
                value: 'table',
                label: t('clientList.view.table'),
                icon: <UnorderedListOutlined aria-hidden />,
              },
              { value: 'board', label: t('clientList.view.board'), icon: <AppstoreOutlined aria-hidden /> },
            ]}
          />
          <ClientExportButton
            request={{
              ...filters,
              // What is on screen: the board shows every stage, most recently touched first.
              process_status: board ? undefined : request.process_status,
              sort: board ? 'updated_at:desc' : request.sort,
            }}
          />
          {canCreate && (
            <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
              {t('clientList.sheet.import')}
            </Button>
          )}
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
              {t('clientList.create')}
            </Button>
          )}
        </div>
      </div>
      <Card>
        <ClientFilters params={params} onChange={(patch) => update(patch, { resetPage: true })} />
        {!board && (
          <ClientStageTabs
            stages={stages}
            stage={params.stage}
            stats={stats.data}
            onChange={(stage) => update({ stage }, { resetPage: true })}
          />
        )}
        {failed.isError && (
          <Alert
            className="form-alert"
            type="error"
            showIcon
            title={t('clientList.loadError')}
            description={errorContent(failed.error)}
            action={
              <Button size="small" onClick={() => void failed.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        )}
        {board ? (
          <ClientBoard user={me} stats={stats.data} filters={filters} />
        ) : (
          <ClientTable
            rows={list.data?.result ?? []}
            count={list.data?.count ?? 0}
            loading={list.isPending || list.isPlaceholderData}
            sort={params.sort}
            page={params.page}
            size={params.size}
            user={me}
            restoringId={restore.isPending ? (restore.variables ?? null) : null}
            onRestore={restoreClient}
            empty={
              hasClientFilters(params) ? (
                <>
                  <div>{t('clientList.emptyFiltered')}</div>
                  <Button type="link" onClick={() => update(CLEARED_FILTERS, { resetPage: true })}>
                    {t('clientList.clearFilters')}
                  </Button>
                </>
              ) : (
                t('clientList.empty')
              )
            }
            onSortChange={(sort) => update({ sort }, { resetPage: true })}
            onPageChange={(page, size) => update({ page: size === params.size ? page : 1, size })}
          />
        )}
      </Card>
      {canCreate && creating && (
        <Suspense fallback={null}>
          <CreateClientDrawer open user={me} onClose={() => setCreating(false)} />
        </Suspense>
      )}
      {canCreate && importing && (
        <Suspense fallback={null}>
          <ClientImportModal onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </section>
  );
}
