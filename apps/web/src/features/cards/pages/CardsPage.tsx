import { DownloadOutlined, FolderOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { SearchInput } from '../../../shared/components/SearchInput.tsx';
import { useStaffUser } from '../../auth/session/index.ts';
import { exportCards, useCardGroups, useCards } from '../api/cardsApi.ts';
import { CardDrawer } from '../components/CardDrawer.tsx';
import { CardGroupsModal } from '../components/CardGroupsModal.tsx';
import { CardImportModal } from '../components/CardImportModal.tsx';
import { CardTable } from '../components/CardTable.tsx';
import { useCardListParams } from '../hooks/useCardListParams.ts';
import '../cards.css';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/** /dashboard/cards: the business-card book (issue 11) — the cards one may read, and their groups. */
export function CardsPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const me = useStaffUser();
  const list = useCardListParams();
  const { params, update, request, defaultSort } = list;
  const cards = useCards(request);
  const groups = useCardGroups();
  const [groupsOpen, setGroupsOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const writable = !me.reviewer;
  const filtered = Boolean(params.q || list.tag || list.groupId);

  // Tags offered by the filter: those of the cards on screen, and the one chosen.
  const tagOptions = useMemo(() => {
    const tags = new Set<string>((cards.data?.result ?? []).flatMap((c) => c.tags));
    if (list.tag) tags.add(list.tag);
    return [...tags].sort().map((tag) => ({ value: tag, label: tag }));
  }, [cards.data, list.tag]);

  async function doExport() {
    setExporting(true);
    try {
      const name = await exportCards({
        q: params.q || undefined,
        tag: list.tag || undefined,
        group_id: list.groupId,
      });
      message.success(t('cards.export.done', { name }));
    } catch (error) {
      message.error(errorContent(error));
    } finally {
      setExporting(false);
    }
  }

  const none = cards.isSuccess && !cards.isPlaceholderData && cards.data.count === 0 && !filtered;
  const createButton = writable && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => list.openCard('new')}>
      {t('cards.create')}
    </Button>
  );

  return (
    <section className="page-section" aria-labelledby="page-title">
      <div className="page-header">
        <div>
          <Typography.Title level={3} id="page-title" className="page-title">
            {t('cards.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('cards.subtitle')}</Typography.Text>
        </div>
        <Space wrap className="cards-actions">
          <Button icon={<FolderOutlined aria-hidden />} onClick={() => setGroupsOpen(true)}>
            {t('cards.groups.manage')}
          </Button>
          {writable && (
            <Button icon={<ImportOutlined aria-hidden />} onClick={() => setImportOpen(true)}>
              {t('cards.import.button')}
            </Button>
          )}
          <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void doExport()}>
            {t('cards.export.button')}
          </Button>
          {createButton}
        </Space>
      </div>
      {cards.isError && (
        <Alert
          type="error"
          showIcon
          title={t('cards.loadError')}
          description={errorContent(cards.error)}
          action={
            <Button size="small" onClick={() => void cards.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {none ? (
        <Card>
          <Empty
            description={
              <>
                <Typography.Title level={4}>{t('cards.empty.title')}</Typography.Title>
                <Typography.Paragraph type="secondary">{t('cards.empty.body')}</Typography.Paragraph>
              </>
            }
          >
            {createButton}
          </Empty>
        </Card>
      ) : (
        <Card>
          <div className="table-toolbar cards-toolbar">
            <SearchInput
              className="table-toolbar__search"
              value={params.q}
              label={t('cards.search')}
              onChange={(q) => update({ q }, { resetPage: true })}
            />
            <Select
              className="cards-toolbar__filter"
              aria-label={t('cards.tagFilter')}
              placeholder={t('cards.allTags')}
              allowClear
              showSearch
              options={tagOptions}
              value={list.tag || undefined}
              onChange={(v: string | undefined) => list.setTag(v)}
            />
            <Select
              className="cards-toolbar__filter"
              aria-label={t('cards.groupFilter')}
              placeholder={t('cards.allGroups')}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              value={list.groupId}
              onChange={(v: number | undefined) => list.setGroup(v)}
            />
          </div>
          <CardTable
            rows={cards.data?.result ?? []}
            count={cards.data?.count ?? 0}
            loading={cards.isPending || cards.isPlaceholderData}
            sort={params.sort}
            defaultSort={defaultSort}
            page={params.page}
            size={params.size}
            empty={
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cards.empty.filtered')}>
                {filtered && (
                  <Button type="link" onClick={list.clearFilters}>
                    {t('cards.empty.clear')}
                  </Button>
                )}
              </Empty>
            }
            onSortChange={(sort) => update({ sort }, { resetPage: true })}
            onPageChange={(page, size) => update({ page: size === params.size ? page : 1, size })}
            onOpen={(card) => list.openCard(card.id)}
          />
        </Card>
      )}
      <CardDrawer
        open={list.open}
        onClose={() => list.openCard(null)}
        onCreated={(card) => list.openCard(card.id)}
      />
      <CardGroupsModal open={groupsOpen} onClose={() => setGroupsOpen(false)} />
      <CardImportModal open={importOpen} onClose={() => setImportOpen(false)} />
    </section>
  );
}
