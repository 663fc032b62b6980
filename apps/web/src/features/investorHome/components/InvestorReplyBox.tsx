import { SendOutlined } from '@ant-design/icons';
import { SERVICE_MESSAGE_MAX } from '@dealflow/domain';
import { App, Button, Input } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { useReply } from '../../contact/api/servicesApi.ts';

/** The investor's answer in a thread; the draft lives in the page (guarded on leaving). */
export function InvestorReplyBox({
  threadId,
  draft,
  onDraft,
}: {
  threadId: number;
  draft: string;
  onDraft: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reply = useReply();
  const id = useId();
  const empty = draft.trim() === '';

  async function send() {
    if (empty || reply.isPending) return;
    try {
      await reply.mutateAsync({ id: threadId, content: draft });
      onDraft('');
      reply.reset();
      message.success(t('investorContact.reply.sent'));
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
        {t('investorContact.reply.label')}
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
        placeholder={t('investorContact.reply.placeholder')}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        autoSize={{ minRows: 3, maxRows: 8 }}
        maxLength={SERVICE_MESSAGE_MAX}
        showCount
      />
      <div className="inbox-reply__actions">
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined aria-hidden />}
          loading={reply.isPending}
          disabled={empty}
        >
          {t('investorContact.reply.send')}
        </Button>
      </div>
    </form>
  );
}
