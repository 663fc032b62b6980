import { formatDate, type Maintenance } from '@dealflow/domain';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CaseItemsPanel, type ItemConfig } from './CaseItemsPanel.tsx';

interface MaintenanceValues {
  title: string;
  content?: string;
  date: Dayjs;
}

/** 投後維護: post-investment follow-up records, by date. */
export function MaintenancesTab({ caseId, editable }: { caseId: number; editable: boolean }) {
  const { t } = useTranslation();
  const body = (v: MaintenanceValues) => ({
    title: v.title.trim(),
    content: v.content?.trim() || null,
    date: v.date.format('YYYY-MM-DD'),
  });
  const config: ItemConfig<'maintenances', MaintenanceValues> = {
    kind: 'maintenances',
    initial: (item: Maintenance | null) =>
      item ? { title: item.title, content: item.content ?? '', date: dayjs(item.date) } : { date: dayjs() },
    createBody: body,
    updateBody: body,
    view: (item) => ({
      title: item.title,
      content: item.content,
      meta: [formatDate(item.date), item.author ? t('cases.items.by', { name: item.author.name }) : null],
    }),
    fields: () => (
      <>
        <Form.Item
          name="title"
          label={t('cases.items.title')}
          rules={[
            { required: true, whitespace: true, message: t('cases.items.titleRequired') },
            { max: 200 },
          ]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item
          name="date"
          label={t('cases.items.maintenance.date')}
          rules={[{ required: true, message: t('cases.items.maintenance.dateRequired') }]}
        >
          <DatePicker className="full-width" />
        </Form.Item>
        <Form.Item name="content" label={t('cases.items.content')}>
          <Input.TextArea rows={4} />
        </Form.Item>
      </>
    ),
  };
  return (
    <CaseItemsPanel
      caseId={caseId}
      editable={editable}
      config={config}
      addLabel={`${t('cases.items.add')}${t('cases.manager.tab.maintenances')}`}
    />
  );
}
