import { DeleteOutlined } from '@ant-design/icons';
import { type CaseReviewWithUser, formatDateTime, REVIEW_STATUS } from '@dealflow/domain';
import { Alert, Button, Card, Empty, Form, Input, Select, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormDraft } from '../../../shared/unsaved/index.ts';
import { useApplyReview, useCaseReviews, useReviewDiff, useSaveReviewComments } from '../api/reviewsApi.ts';
import { useChangeText } from '../hooks/useChangeText.ts';
import { ErrorAlert, errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/** One startup's review: what it changes against the case, its extra details, comments, apply. */
function ReviewCard({
  caseId,
  review,
  editable,
}: {
  caseId: number;
  review: CaseReviewWithUser;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const diff = useReviewDiff(review.user_id);
  const save = useSaveReviewComments(caseId);
  const apply = useApplyReview(caseId);
  const { fieldLabel, show } = useChangeText();
  const [form] = Form.useForm<{ content: string; field?: string }>();
  // A comment typed but not sent counts as unsaved: leaving the case asks first.
  const draft = useFormDraft({
    form,
    stored: review.id,
    changes: (v: { content?: string }) => (v.content?.trim() ? { content: v.content } : {}),
    active: editable,
  });
  const submitted = review.status === REVIEW_STATUS.submitted;
  const detail = review.update_content.detail;
  const details =
    typeof detail === 'object' && detail !== null ? Object.entries(detail as Record<string, unknown>) : [];

  async function saveComments(
    comment: CaseReviewWithUser['comment'] | Array<{ content: string; field?: string | null }>,
  ) {
    try {
      await save.mutateAsync({ review, comment });
      return true;
    } catch (error) {
      message.error(errorContent(error));
      return false;
    }
  }

  function confirmApply() {
    modal.confirm({
      title: t('cases.review.applyConfirm', { count: diff.data?.length ?? 0 }),
      content: t('cases.review.applyBody'),
      okText: t('cases.review.apply'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await apply.mutateAsync(review.user_id);
          message.success(t('cases.review.appliedOk'));
        } catch (error) {
          message.error(errorContent(error));
        }
      },
    });
  }

  return (
    <Card
      size="small"
      title={
        <span className="review-card__title">
          {t('cases.review.user', { name: review.user.name, email: review.user.email })}
          <Tag color={submitted ? 'gold' : 'default'}>
            {t(submitted ? 'cases.review.status.submitted' : 'cases.review.status.draft')}
          </Tag>
        </span>
      }
      extra={
        editable && (
          <Button
            type="primary"
            size="small"
            disabled={!submitted || !diff.data?.length}
            loading={apply.isPending}
            onClick={confirmApply}
          >
            {t('cases.review.apply')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        {t('cases.review.savedAt', { date: formatDateTime(review.updated_at) })}
        {review.applied_at &&
          ` · ${t('cases.review.applied', { date: formatDateTime(review.applied_at), name: review.applied_by?.name ?? '' })}`}
      </Typography.Paragraph>
      {!submitted && (
        <Alert className="form-alert" type="info" showIcon title={t('cases.review.notSubmitted')} />
      )}
      <Typography.Title level={5}>{t('cases.review.diff')}</Typography.Title>
      {diff.isPending && <Spin />}
      {diff.isError && <ErrorAlert error={diff.error} />}
      {diff.data && (
        <Table
          size="small"
          rowKey="field"
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <Typography.Text type="secondary">{t('cases.review.noDiff')}</Typography.Text>,
          }}
          dataSource={diff.data}
          columns={[
            { title: t('cases.review.field'), dataIndex: 'field', render: (f: string) => fieldLabel(f) },
            { title: t('cases.review.current'), key: 'current', render: (_, e) => show(e.field, e.current) },
            {
              title: t('cases.review.proposed'),
              key: 'proposed',
              render: (_, e) => <strong>{show(e.field, e.proposed)}</strong>,
            },
            ...(editable
              ? [
                  {
                    title: '',
                    key: 'comment',
                    render: (_: unknown, e: { field: string }) => (
                      <Button
                        size="small"
                        type="link"
                        onClick={() => form.setFieldsValue({ field: e.field })}
                      >
                        {t('cases.review.commentOnField')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {details.length > 0 && (
        <>
          <Typography.Title level={5}>{t('cases.review.detail')}</Typography.Title>
          <ul className="history-change">
            {details.map(([key, value]) => (
              <li key={key}>
                {key}：{show(key, value)}
              </li>
            ))}
          </ul>
        </>
      )}
      <Typography.Title level={5}>{t('cases.review.comments')}</Typography.Title>
      {review.comment.length === 0 ? (
        <Typography.Text type="secondary">{t('cases.review.noComments')}</Typography.Text>
      ) : (
        <ul className="role-list">
          {review.comment.map((c) => (
            <li key={c.id} className="role-row">
              <span className="role-row__name">
                <strong>{c.name}</strong>{' '}
                <Typography.Text type="secondary">{formatDateTime(c.created_at)}</Typography.Text>
                {c.field ? <Tag>{fieldLabel(c.field)}</Tag> : null}
                <div className="item-card__content">{c.content}</div>
                {c.reply ? (
                  <div className="item-card__content">
                    <Typography.Text type="success">
                      {t('cases.review.startupReply', { reply: c.reply })}
                    </Typography.Text>
                  </div>
                ) : null}
              </span>
              {editable && (
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('cases.review.deleteComment')}
                  onClick={() => void saveComments(review.comment.filter((x) => x.id !== c.id))}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <Form
          form={form}
          layout="vertical"
          className="review-comment-form"
          disabled={save.isPending}
          onValuesChange={draft.onValuesChange}
          onFinish={async ({ content, field }) => {
            if (await saveComments([...review.comment, { content: content.trim(), field: field ?? null }]))
              draft.discard();
          }}
        >
          <Form.Item name="field" label={t('cases.review.commentField')}>
            <Select
              allowClear
              options={(diff.data ?? []).map((e) => ({ value: e.field, label: fieldLabel(e.field) }))}
            />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('cases.review.addComment')}
            rules={[
              { required: true, whitespace: true, message: t('cases.review.commentRequired') },
              { max: 5000 },
            ]}
          >
            <Input.TextArea rows={2} />
          </Form.Item>
          <Button htmlType="submit" loading={save.isPending}>
            {t('cases.review.addComment')}
          </Button>
          {draft.guard}
        </Form>
      )}
    </Card>
  );
}

/** 新創更新: what the startup proposed for its case, compared with the case, commented and applied. */
export function ReviewTab({ caseId, editable }: { caseId: number; editable: boolean }) {
  const { t } = useTranslation();
  const reviews = useCaseReviews(caseId);
  if (reviews.isPending) return <Spin />;
  if (reviews.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('cases.items.loadError')}
        description={errorContent(reviews.error)}
      />
    );
  if (reviews.data.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cases.review.empty')} />;
  return (
    <div className="item-list">
      {reviews.data.map((review) => (
        <ReviewCard key={review.id} caseId={caseId} review={review} editable={editable} />
      ))}
    </div>
  );
}
