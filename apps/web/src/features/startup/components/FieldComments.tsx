import type { ReviewComment } from '@dealflow/domain';
import { formatDateTime } from '@dealflow/domain';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/components/ErrorAlert.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/** Staff comments on one field of the proposal, each with the startup's reply box. */
export function FieldComments({
  comments,
  onReply,
  replying,
}: {
  comments: ReviewComment[];
  onReply: (commentId: number, reply: string) => Promise<unknown>;
  replying: boolean;
}) {
  if (comments.length === 0) return null;
  return (
    <Space orientation="vertical" size={8} className="full-width">
      {comments.map((c) => (
        <OneComment key={c.id} comment={c} onReply={onReply} replying={replying} />
      ))}
    </Space>
  );
}

function OneComment({
  comment,
  onReply,
  replying,
}: {
  comment: ReviewComment;
  onReply: (commentId: number, reply: string) => Promise<unknown>;
  replying: boolean;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const showError = useErrorToast();
  const [text, setText] = useState(comment.reply ?? '');
  const send = () =>
    onReply(comment.id, text.trim()).then(
      () => message.success(t('startupProfile.comments.sent')),
      (error: unknown) => showError(error),
    );
  const changed = text.trim() !== '' && text.trim() !== (comment.reply ?? '');
  return (
    <Alert
      type={comment.reply ? 'info' : 'warning'}
      showIcon
      data-testid="review-comment"
      title={
        <span>
          <Typography.Text strong>{comment.name}</Typography.Text>{' '}
          <Typography.Text type="secondary">{formatDateTime(comment.created_at)}</Typography.Text>
        </span>
      }
      description={
        <Space orientation="vertical" size={4} className="full-width">
          <Typography.Paragraph className="startup-comment__text">{comment.content}</Typography.Paragraph>
          <Input.TextArea
            aria-label={t('startupProfile.comments.replyPlaceholder')}
            placeholder={t('startupProfile.comments.replyPlaceholder')}
            autoSize={{ minRows: 1, maxRows: 6 }}
            maxLength={5000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button size="small" disabled={!changed} loading={replying} onClick={() => void send()}>
            {t('startupProfile.comments.send')}
          </Button>
        </Space>
      }
    />
  );
}
