import { formatDateTime, type InfoUpdate } from '@dealflow/domain';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaseItemsPanel, type ItemConfig } from './CaseItemsPanel.tsx';

interface InfoValues {
  title: string;
  content?: string;
}

/** 資訊更新: news about the company, shown in the firm-wide feed. */
export function InfoUpdatesTab({ caseId, editable }: { caseId: number; editable: boolean }) {
  const { t } = useTranslation();
  const body = (v: InfoValues) => ({ title: v.title.trim(), content: v.content?.trim() || null });
  const config: ItemConfig<'info', InfoValues> = {
    kind: 'info',
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
        <Form.Item name="content" label={t('cases.items.content')}>
          <Input.TextArea rows={5} />
        </Form.Item>
      </>
    ),
  };
  return (
    <CaseItemsPanel
      caseId={caseId}
      editable={editable}
      config={config}
      addLabel={`${t('cases.items.add')}${t('cases.manager.tab.info')}`}
    />
  );
}
