import { formatDateTime, type InfoUpdate } from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import { type CaseAccess, CaseItemsPanel, type ItemConfig, titleField } from './CaseItemsPanel.tsx';

interface InfoValues {
  title: string;
  content?: string;
}

/** 資訊更新: news about the company, shown in the firm-wide feed. */
export function InfoUpdatesTab({ caseId, access }: { caseId: number; access: CaseAccess }) {
  const { t } = useTranslation();
  const body = (v: InfoValues) => ({ title: v.title.trim(), content: v.content?.trim() || null });
  const config: ItemConfig<'info', InfoValues> = {
    kind: 'info',
    fields: [
      titleField(t('cases.items.title'), t('cases.items.titleRequired')),
      { name: 'content', label: t('cases.items.content'), kind: 'longText', wide: true, rows: 5 },
    ],
    initial: (item: InfoUpdate | null) => (item ? { title: item.title, content: item.content ?? '' } : {}),
    createBody: body,
    updateBody: body,
    view: (item) => ({
      title: item.title,
      content: item.content,
      meta: [
        formatDateTime(item.created_at),
        item.author ? t('cases.items.by', { name: item.author.name }) : null,
      ],
    }),
  };
  return (
    <CaseItemsPanel
      caseId={caseId}
      config={config}
      canAdd={access.editable}
      canChange={() => access.editable}
      emptyText={t('forms.case.empty.info')}
      addLabel={`${t('cases.items.add')}${t('cases.manager.tab.info')}`}
    />
  );
}
