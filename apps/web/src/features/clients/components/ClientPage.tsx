import { ArrowLeftOutlined } from '@ant-design/icons';
import { type ContactStage, canDeleteClient, DB_ID_MAX, staffCan } from '@dealflow/domain';
import { Alert, Button, Card, Select, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorText } from '../../../shared/api/index.ts';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { useLabel } from '../../../shared/i18n/label.ts';
import { DirtyScope } from '../../../shared/unsaved/index.ts';
import { useStaffUser } from '../../auth/session/index.ts';
import { InvestorViewGuard } from '../../investors/components/InvestorViewGuard.tsx';
import { useClient, useRestoreClient } from '../api/clientApi.ts';
import { refusedClientStage } from '../lib/stageRefusal.ts';
import { CLIENT_TABS } from './clientTabs.tsx';
import { CLIENT_LIST_PATH, ClientPageHeader } from './ClientPageHeader.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to={CLIENT_LIST_PATH} className="back-link">
      <ArrowLeftOutlined aria-hidden /> {t('clientPage.back')}
    </Link>
  );
}

/** A client the page cannot show, and why, with the way back to the list. */
function ClientUnavailable({ title, description }: { title: string; description: string }) {
  return (
    <section className="page-section">
      <BackLink />
      <Alert className="client-page__state" type="warning" showIcon title={title} description={description} />
    </section>
  );
}

/** A missing client, or a deleted one the viewer may not restore (the server answers 404 for both). */
function ClientNotFound() {
  const { t } = useTranslation();
  return <ClientUnavailable title={t('clientPage.notFound')} description={t('clientPage.notFoundHint')} />;
}

/**
 * A client in a contact stage the viewer does not work (403 with its stage: an old link, a client
 * handed over to the other team): the page guard sends ir and sa away with its notice, as it does
 * for a loaded client. Should the guard let them stay (a role changed since sign-in), the page
 * says why instead of offering a retry that cannot succeed.
 */
function ClientStageRefused({ stage, error }: { stage: ContactStage; error: unknown }) {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <InvestorViewGuard processStatus={stage}>
      <ClientUnavailable
        title={errorText(error)}
        description={t('clientPage.stageRefusedHint', { stage: label('contactStage', stage) })}
      />
    </InvestorViewGuard>
  );
}

/**
 * One investor client: the header, then a tab per part (tab held in the URL). Panes stay mounted
 * once opened, so a draft survives switching tabs; one guard asks before leaving with any of them.
 */
function LoadedClientPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const me = useStaffUser();
  const isMobile = useIsMobile();
  const { message } = useFeedback();
  const [search, setSearch] = useSearchParams();
  const query = useClient(id);
  const restore = useRestoreClient();
  const first = CLIENT_TABS[0]?.key ?? '';
  const tabParam = search.get('tab');
  const tab = CLIENT_TABS.some((x) => x.key === tabParam) ? (tabParam as string) : first;
  const setTab = (key: string) => setSearch(key === first ? {} : { tab: key }, { replace: true });

  if (query.isPending) return <Spin size="large" className="page-spin" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <ClientNotFound />;
    const refused = refusedClientStage(query.error);
    if (refused) return <ClientStageRefused stage={refused} error={query.error} />;
    return (
      <section className="page-section">
        <BackLink />
        <Alert
          className="client-page__state"
          type="error"
          showIcon
          title={t('clientPage.loadError')}
          description={errorContent(query.error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </section>
    );
  }

  const client = query.data;
  // Who reaches the page works this client's stage (server and guard); reviewers only read.
  const mayWrite = !me.reviewer && staffCan(me.role, 'clients.write');
  const editable = mayWrite && !client.is_deleted;
  // Deleting and restoring: admin, or the client's owner (the server's rule).
  const mayRemove =
    !me.reviewer &&
    canDeleteClient(me, { processStatus: client.process_status, ownerId: client.employee_id });

  return (
    <InvestorViewGuard processStatus={client.process_status}>
      <DirtyScope>
        <section className="page-section client-page" aria-labelledby="page-title">
          <BackLink />
          <ClientPageHeader
            client={client}
            editable={editable}
            mayRemove={mayRemove}
            onHistory={() => setTab('history')}
          />
          {client.is_deleted ? (
            <Alert
              className="form-alert"
              type="warning"
              showIcon
              title={t('clientPage.deletedBanner')}
              action={
                mayRemove && (
                  <Button
                    size="small"
                    loading={restore.isPending}
                    onClick={() =>
                      restore.mutate(client.id, {
                        onSuccess: () =>
                          message.success(t('clientPage.header.restored', { name: client.name })),
                        onError: (error) => message.error(errorContent(error)),
                      })
                    }
                  >
                    {t('clientPage.header.restore')}
                  </Button>
                )
              }
            />
          ) : (
            !editable && (
              <Alert className="form-alert" type="info" showIcon title={t('clientPage.readOnly')} />
            )
          )}
          <Card>
            {isMobile && (
              <Select
                className="case-tab-select"
                aria-label={t('clientPage.tabsLabel')}
                value={tab}
                onChange={setTab}
                options={CLIENT_TABS.map((x) => ({ value: x.key, label: t(x.label) }))}
              />
            )}
            <Tabs
              className={`case-tabs${isMobile ? ' case-tabs--select' : ''}`}
              aria-label={t('clientPage.tabsLabel')}
              activeKey={tab}
              onChange={setTab}
              items={CLIENT_TABS.map(({ key, label, component: Pane }) => ({
                key,
                label: t(label),
                children: <Pane client={client} editable={editable} />,
              }))}
            />
          </Card>
        </section>
      </DirtyScope>
    </InvestorViewGuard>
  );
}

/** `/dashboard/investor/:id`; an id no database row can have is simply not found. */
export function ClientPage({ id }: { id: number }) {
  if (id > DB_ID_MAX) return <ClientNotFound />;
  return <LoadedClientPage key={id} id={id} />;
}
