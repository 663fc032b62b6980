import { SendOutlined } from '@ant-design/icons';
import { SERVICE_MESSAGE_MAX } from '@dealflow/domain';
import { Button, Input } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { useReply } from '../api/servicesApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/**
 * The reply to a thread, by staff in the inbox or by the investor in their messages (`texts` names whose
 * words it uses); the draft lives in the page (one per thread, guarded there).
 */
export function ReplyBox({
  threadId,
  base,
  draft,
  onDraft,
  disabled,
  texts = 'contact.reply',
}: {
  threadId: number;
  /** Where the reply goes: the services path (default) or a case's. */
  base?: string;
  texts?: 'contact.reply' | 'investorContact.reply' | 'startupMessages.reply' | 'caseMessages.reply';
  draft: string;
  onDraft: (text: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const reply = useReply(base);
  const id = useId();
  const empty = draft.trim() === '';

  async function send() {
    if (empty || reply.isPending) return;
    try {
      await reply.mutateAsync({ id: threadId, content: draft });
      onDraft('');
      reply.reset();
      message.success(t(`${texts}.sent`));
    } catch {
      // Shown below; the draft stays.
    }
  }

  return (
    <form
      className="inbox-reply"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t(`${texts}.label`)}
      </label>
      {reply.isError && <ErrorAlert error={reply.error} onClose={() => reply.reset()} />}
      <Input.TextArea
        id={id}
        value={draft}
        onChange={(e) => onDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void send();
          }
        }}
        placeholder={t(`${texts}.placeholder`)}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        autoSize={{ minRows: 3, maxRows: 8 }}
        maxLength={SERVICE_MESSAGE_MAX}
        showCount
        disabled={disabled}
      />
      <div className="inbox-reply__actions">
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined aria-hidden />}
          loading={reply.isPending}
          disabled={empty || disabled}
        >
          {t(`${texts}.send`)}
        </Button>
      </div>
    </form>
  );
}
