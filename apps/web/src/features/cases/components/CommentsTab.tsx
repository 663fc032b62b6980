import { type Comment, DEFAULT_COMMENT_TYPE, formatDateTime } from '@dealflow/domain';
import { Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { label } from '../../../shared/i18n/label.ts';
import { InvestorQuestions } from './InvestorQuestions.tsx';
import { authorLine, type CaseAccess, CaseItemsPanel, type ItemConfig } from './CaseItemsPanel.tsx';

interface CommentValues {
  title?: string;
  comment: string;
  publish_at?: Dayjs | null;
}

/** 評論: investment comments (type invest_comment by default) with a publish time; any ao who reads the case adds them. */
export function CommentsTab({ caseId, access }: { caseId: number; access: CaseAccess }) {
  const { t } = useTranslation();
  const config: ItemConfig<'comments', CommentValues> = {
    kind: 'comments',
    contribution: (item) => ({ authorId: item.author?.id ?? null }),
    fields: [
      { name: 'title', label: t('cases.items.title'), kind: 'text', wide: true, max: 200 },
      {
        name: 'comment',
        label: t('cases.items.comment.comment'),
        kind: 'longText',
        wide: true,
        rows: 4,
        autoFocus: true,
        required: t('cases.items.comment.commentRequired'),
      },
      { name: 'publish_at', label: t('cases.items.comment.publishAt'), kind: 'datetime', wide: true },
    ],
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
        authorLine(t, item.author),
      ],
    }),
  };
  return (
    <>
      <InvestorQuestions caseId={caseId} mayAnswer={access.contribute} />
      <CaseItemsPanel caseId={caseId} config={config} access={access} />
    </>
  );
}
