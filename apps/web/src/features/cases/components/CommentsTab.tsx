import { type Comment, DEFAULT_COMMENT_TYPE, formatDateTime } from '@dealflow/domain';
import { DatePicker, Form, Input, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { label } from '../../../shared/i18n/label.ts';
import { CaseItemsPanel, type ItemConfig } from './CaseItemsPanel.tsx';

interface CommentValues {
  title?: string;
  comment: string;
  publish_at?: Dayjs | null;
}

/** 評論: investment comments (type invest_comment by default) with a publish time. */
export function CommentsTab({ caseId, editable }: { caseId: number; editable: boolean }) {
  const { t } = useTranslation();
  const config: ItemConfig<'comments', CommentValues> = {
    kind: 'comments',
    initial: (item: Comment | null) =>
      item
        ? { title: item.title ?? '', comment: item.comment, publish_at: dayjs(item.publish_at) }
        : { publish_at: dayjs() },
    createBody: (v) => ({
      type: DEFAULT_COMMENT_TYPE,
      title: v.title?.trim() || null,
      comment: v.comment.trim(),
      ...(v.publish_at ? { publish_at: v.publish_at.format() } : {}),
    }),
    updateBody: (v) => ({
      title: v.title?.trim() || null,
      comment: v.comment.trim(),
      ...(v.publish_at ? { publish_at: v.publish_at.format() } : {}),
    }),
    view: (item) => ({
      title: item.title || item.comment.slice(0, 40),
      content: item.comment,
      meta: [
        <Tag key="type">{label('commentType', item.type)}</Tag>,
        `${t('cases.items.comment.publishAt')} ${formatDateTime(item.publish_at)}`,
        item.author ? t('cases.items.by', { name: item.author.name }) : null,
      ],
    }),
    fields: () => (
      <>
        <Form.Item name="title" label={t('cases.items.title')} rules={[{ max: 200 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="comment"
          label={t('cases.items.comment.comment')}
          rules={[{ required: true, whitespace: true, message: t('cases.items.comment.commentRequired') }]}
        >
          <Input.TextArea rows={4} autoFocus />
        </Form.Item>
        <Form.Item name="publish_at" label={t('cases.items.comment.publishAt')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="full-width" />
        </Form.Item>
      </>
    ),
  };
  return (
    <CaseItemsPanel
      caseId={caseId}
      editable={editable}
      config={config}
      addLabel={`${t('cases.items.add')}${t('cases.manager.tab.comments')}`}
    />
  );
}
