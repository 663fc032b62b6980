import { formatDateTime, type InfoUpdate } from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import {
  authorLine,
  type CaseAccess,
  CaseItemsPanel,
  type ItemConfig,
  titleField,
} from './CaseItemsPanel.tsx';

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
      meta: [formatDateTime(item.created_at), authorLine(t, item.author)],
    }),
  };
  return <CaseItemsPanel caseId={caseId} config={config} access={access} />;
}
