import { ArrowLeftOutlined } from '@ant-design/icons';
import { canChangeContribution, canContributeToCase, canEditCase } from '@dealflow/domain';
import { Alert, Button, Card, Select, Spin, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/index.ts';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { isPositiveId, requireParam } from '../../../shared/errors.ts';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { DirtyScope } from '../../../shared/unsaved/index.ts';
import { useStaffUser } from '../../auth/session/index.ts';
import { useCase, useRestoreCase } from '../api/casesApi.ts';
import { BusinessPlanTab } from '../components/BusinessPlanTab.tsx';
import { CalendarsTab } from '../components/CalendarsTab.tsx';
import { CaseHeader } from '../components/CaseHeader.tsx';
import { CaseHistoryTab } from '../components/CaseHistoryTab.tsx';
import type { CaseAccess } from '../components/CaseItemsPanel.tsx';
import { CaseMessagesTab } from '../components/CaseMessagesTab.tsx';
import { CaseOverviewTab } from '../components/CaseOverviewTab.tsx';
import { CommentsTab } from '../components/CommentsTab.tsx';
import { DdTab } from '../components/DdTab.tsx';
import { FundRolesTab } from '../components/FundRolesTab.tsx';
import { InfoUpdatesTab } from '../components/InfoUpdatesTab.tsx';
import { MaintenancesTab } from '../components/MaintenancesTab.tsx';
import { NewsTab } from '../components/NewsTab.tsx';
import { RatingsTab } from '../components/RatingsTab.tsx';
import { ReviewTab } from '../components/ReviewTab.tsx';
import { ShareholdersTab } from '../components/ShareholdersTab.tsx';
import { TermSheetTab } from '../components/TermSheetTab.tsx';
import { TodosTab } from '../components/TodosTab.tsx';
import { WorkLogsTab } from '../components/WorkLogsTab.tsx';
import { CaseDocumentsTab } from '../../legalDocs/components/CaseDocumentsTab.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

const TABS = [
  'overview',
  'businessPlan',
  'termSheet',
  'documents',
  'fundRoles',
  'ratings',
  'todos',
  'calendars',
  'comments',
  'info',
  'maintenances',
  'workLogs',
  'shareholders',
  'news',
  'dd',
  'review',
  'messages',
  'history',
] as const;
type TabKey = (typeof TABS)[number];
const isTab = (v: string | null): v is TabKey => (TABS as readonly (string | null)[]).includes(v);

/** /dashboard/manager/:project: one case, its header and a tab per part (tab held in the URL). */
export function ManagerPage() {
  const { t } = useTranslation();
  const id = Number(requireParam(useParams().project, isPositiveId));
  const me = useStaffUser();
  const isMobile = useIsMobile();
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab');
  const tab: TabKey = isTab(tabParam) ? tabParam : 'overview';
  const kase = useCase(id);
  const restore = useRestoreCase();
  const { message } = useFeedback();
  const setTab = (key: TabKey) => setSearch(key === 'overview' ? {} : { tab: key }, { replace: true });

  const back = (
    <Link to="/dashboard?status=all" className="back-link">
      <ArrowLeftOutlined aria-hidden /> {t('cases.manager.back')}
    </Link>
  );

  if (kase.isPending) return <Spin size="large" className="page-spin" />;
  if (kase.isError) {
    const notFound = kase.error instanceof ApiError && kase.error.status === 404;
    return (
      <section className="page-section">
        {back}
        <Alert
          type={notFound ? 'warning' : 'error'}
          showIcon
          title={notFound ? t('cases.manager.notFound') : t('cases.manager.loadError')}
          description={notFound ? undefined : errorContent(kase.error)}
          action={
            notFound ? undefined : (
              <Button size="small" onClick={() => void kase.refetch()}>
                {t('common.retry')}
              </Button>
            )
          }
        />
      </section>
    );
  }

  const c = kase.data;
  const facts = { aoId: c.ao?.id ?? null, agentIds: c.agents.map((a) => a.id) };
  const mayEdit = !me.reviewer && canEditCase(me, facts);
  const editable = mayEdit && !c.is_deleted;
  // Comments and to-dos: every ao who reads the case adds them (same rule as the server).
  const contribute = !me.reviewer && !c.is_deleted && canContributeToCase(me);
  const access: CaseAccess = {
    editable,
    contribute,
    mayChange: (item) => contribute && canChangeContribution(me, { ...facts, ...item }),
  };
  // Panes stay mounted once opened (no destroyOnHidden), so a draft survives switching tabs.
  const panes: Record<TabKey, ReactNode> = {
    overview: <CaseOverviewTab kase={c} user={me} editable={editable} />,
    businessPlan: <BusinessPlanTab kase={c} editable={editable} />,
    termSheet: <TermSheetTab kase={c} editable={editable} />,
    documents: <CaseDocumentsTab caseId={c.id} editable={editable} />,
    fundRoles: <FundRolesTab kase={c} editable={editable} />,
    ratings: <RatingsTab kase={c} user={me} editable={editable} />,
    todos: <TodosTab caseId={c.id} access={access} />,
    calendars: <CalendarsTab caseId={c.id} access={access} />,
    comments: <CommentsTab caseId={c.id} access={access} />,
    info: <InfoUpdatesTab caseId={c.id} access={access} />,
    maintenances: <MaintenancesTab caseId={c.id} access={access} />,
    workLogs: <WorkLogsTab caseId={c.id} user={me} canAdd={!me.reviewer && !c.is_deleted} />,
    shareholders: <ShareholdersTab caseId={c.id} access={access} />,
    news: <NewsTab caseId={c.id} />,
    dd: <DdTab caseId={c.id} editable={editable} />,
    review: <ReviewTab caseId={c.id} editable={editable} />,
    messages: <CaseMessagesTab caseId={c.id} caseName={c.name} readOnly={me.reviewer || c.is_deleted} />,
    history: <CaseHistoryTab kase={c} />,
  };

  return (
    <DirtyScope>
      <section className="page-section" aria-labelledby="page-title">
        {back}
        <CaseHeader kase={c} editable={editable} onHistory={() => setTab('history')} />
        {c.is_deleted ? (
          <Alert
            className="form-alert"
            type="warning"
            showIcon
            title={t('cases.manager.deletedBanner')}
            action={
              mayEdit && (
                <Button
                  size="small"
                  loading={restore.isPending}
                  onClick={() =>
                    restore.mutate(c.id, {
                      onSuccess: () => message.success(t('cases.restored', { name: c.name })),
                      onError: (error) => message.error(errorContent(error)),
                    })
                  }
                >
                  {t('cases.restore')}
                </Button>
              )
            }
          />
        ) : (
          !editable && (
            <Alert
              className="form-alert"
              type="info"
              showIcon
              title={contribute ? t('forms.case.readOnlyContribute') : t('cases.manager.readOnly')}
            />
          )
        )}
        <Card>
          {isMobile && (
            <Select<TabKey>
              className="case-tab-select"
              aria-label={t('cases.manager.tabsLabel')}
              value={tab}
              onChange={setTab}
              options={TABS.map((key) => ({ value: key, label: t(`cases.manager.tab.${key}`) }))}
            />
          )}
          <Tabs
            className={`case-tabs${isMobile ? ' case-tabs--select' : ''}`}
            aria-label={t('cases.manager.tabsLabel')}
            activeKey={tab}
            onChange={(key) => isTab(key) && setTab(key)}
            items={TABS.map((key) => ({ key, label: t(`cases.manager.tab.${key}`), children: panes[key] }))}
          />
        </Card>
      </section>
    </DirtyScope>
  );
}
