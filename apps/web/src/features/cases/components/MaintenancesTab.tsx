import { formatDate, type Maintenance } from '@dealflow/domain';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  authorLine,
  type CaseAccess,
  CaseItemsPanel,
  type ItemConfig,
  titleField,
} from './CaseItemsPanel.tsx';

interface MaintenanceValues {
  title: string;
  content?: string;
  date: Dayjs;
}

/** 投後維護: post-investment follow-up records, by date. */
export function MaintenancesTab({ caseId, access }: { caseId: number; access: CaseAccess }) {
  const { t } = useTranslation();
  const body = (v: MaintenanceValues) => ({
    title: v.title.trim(),
    content: v.content?.trim() || null,
    date: v.date.format('YYYY-MM-DD'),
  });
  const config: ItemConfig<'maintenances', MaintenanceValues> = {
    kind: 'maintenances',
    fields: [
      titleField(t('cases.items.title'), t('cases.items.titleRequired')),
      {
        name: 'date',
        label: t('cases.items.maintenance.date'),
        kind: 'date',
        wide: true,
        required: t('cases.items.maintenance.dateRequired'),
      },
      { name: 'content', label: t('cases.items.content'), kind: 'longText', wide: true, rows: 4 },
    ],
    initial: (item: Maintenance | null) =>
      item ? { title: item.title, content: item.content ?? '', date: dayjs(item.date) } : { date: dayjs() },
    createBody: body,
    updateBody: body,
    view: (item) => ({
      title: item.title,
      content: item.content,
      meta: [formatDate(item.date), authorLine(t, item.author)],
    }),
  };
  return <CaseItemsPanel caseId={caseId} config={config} access={access} />;
}
