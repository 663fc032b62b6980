import { formatDateTime, type InvestorCaseComment } from '@dealflow/domain';
import { Alert, Button, Card, Empty, Form, Input, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useAskQuestion, useMyCaseComments } from '../api/investorCasesApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/**
 * Under a case: the firm's published comments, and the investor's own questions with the answers
 * staff give on the case page (issue 13). Questions are private to the one who asked.
 */
export function CaseConversation({ caseId, recused = false }: { caseId: number; recused?: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const list = useMyCaseComments(caseId);
  const ask = useAskQuestion(caseId);
  const [form] = Form.useForm<{ comment: string }>();

  async function submit(values: { comment: string }) {
    try {
      await ask.mutateAsync({ comment: values.comment.trim() });
      form.resetFields();
      message.success(t('investorCases.qa.sent'));
    } catch (error) {
      message.error(errorContent(error));
    }
  }

  const items = list.data ?? [];
  const tag = (c: InvestorCaseComment) =>
    c.kind === 'question' ? (
      <Tag color="blue">{t('investorCases.qa.question')}</Tag>
    ) : c.kind === 'answer' ? (
      <Tag color="green">{t('investorCases.qa.answer')}</Tag>
    ) : (
      <Tag color="gold">{t('investorCases.qa.update')}</Tag>
    );

  return (
    <Card size="small" title={t('investorCases.qa.title')} className="icase-qa">
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('investorCases.loadError')}
          description={errorContent(list.error)}
        />
      ) : list.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('investorCases.qa.empty')} />
      ) : (
        <ol className="icase-qa__list">
          {items.map((c) => (
            <li key={c.id} className={`icase-qa__item${c.kind === 'answer' ? ' icase-qa__answer' : ''}`}>
              <div>
                {tag(c)}
                <Typography.Text type="secondary">
                  {formatDateTime(c.publish_at)}
                  {c.author ? ` ・ ${c.author}` : ''}
                </Typography.Text>
              </div>
              {c.title ? <Typography.Text strong>{c.title}</Typography.Text> : null}
              <Typography.Paragraph className="icase-detail__long">{c.comment}</Typography.Paragraph>
            </li>
          ))}
        </ol>
      )}
      {/* Recused by their COI (issue 13): no part in the case's discussion, and told so. */}
      {recused ? (
        <Alert type="warning" showIcon title={t('investorCases.qa.recused')} />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
          <Form.Item
            name="comment"
            label={t('investorCases.qa.ask')}
            rules={[
              { required: true, whitespace: true, message: t('investorCases.qa.required') },
              { max: 5000, message: t('forms.max', { max: 5000 }) },
            ]}
          >
            <Input.TextArea rows={3} placeholder={t('investorCases.qa.placeholder')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={ask.isPending}>
            {t('investorCases.qa.send')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
