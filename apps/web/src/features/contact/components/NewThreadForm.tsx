import { SendOutlined } from '@ant-design/icons';
import { SERVICE_MESSAGE_MAX, SERVICE_SUBJECT_MAX, type ServiceThread } from '@dealflow/domain';
import { Button, Input, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import type { useStartThread } from '../api/servicesApi.ts';
import type { ConversationTexts } from './Conversations.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/** A new conversation: a subject and the first message (the drafts live in the page). */
export function NewThreadForm({
  texts,
  start,
  subject,
  content,
  onSubject,
  onContent,
  onSent,
  onCancel,
}: {
  texts: ConversationTexts;
  start: ReturnType<typeof useStartThread>;
  subject: string;
  content: string;
  onSubject: (v: string) => void;
  onContent: (v: string) => void;
  onSent: (thread: ServiceThread) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const subjectId = useId();
  const contentId = useId();
  const ready = subject.trim() !== '' && content.trim() !== '';

  async function send() {
    if (!ready || start.isPending) return;
    try {
      const thread = await start.mutateAsync({ subject: subject.trim(), content });
      start.reset();
      message.success(t(`${texts}.form.sent`));
      onSent(thread);
    } catch {
      // Shown above the form; the drafts stay.
    }
  }

  return (
    <form
      className="investor-contact__new"
      aria-labelledby={`${subjectId}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Typography.Title level={4} id={`${subjectId}-title`}>
        {t(`${texts}.form.title`)}
      </Typography.Title>
      {start.isError && <ErrorAlert error={start.error} onClose={() => start.reset()} />}
      <label htmlFor={subjectId} className="investor-contact__label">
        {t(`${texts}.form.subject`)}
      </label>
      <Input
        id={subjectId}
        value={subject}
        onChange={(e) => onSubject(e.target.value)}
        placeholder={t(`${texts}.form.subjectPlaceholder`)}
        maxLength={SERVICE_SUBJECT_MAX}
      />
      <label htmlFor={contentId} className="investor-contact__label">
        {t(`${texts}.form.content`)}
      </label>
      <Input.TextArea
        id={contentId}
        value={content}
        onChange={(e) => onContent(e.target.value)}
        placeholder={t(`${texts}.form.contentPlaceholder`)}
        autoSize={{ minRows: 4, maxRows: 10 }}
        maxLength={SERVICE_MESSAGE_MAX}
        showCount
      />
      <div className="inbox-reply__actions">
        {onCancel && <Button onClick={onCancel}>{t(`${texts}.form.cancel`)}</Button>}
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined aria-hidden />}
          loading={start.isPending}
          disabled={!ready}
        >
          {t(`${texts}.form.send`)}
        </Button>
      </div>
    </form>
  );
}
