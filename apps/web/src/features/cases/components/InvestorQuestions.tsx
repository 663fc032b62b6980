import { type Comment, formatDateTime, INVESTOR_ANSWER_TYPE, INVESTOR_QUESTION_TYPE } from '@dealflow/domain';
import { Button, Card, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useCaseItems, useSaveCaseItem } from '../api/caseItemsApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/**
 * Investors' questions on the case (issue 13), each with the answers given, newest question first;
 * staff who may comment answer here, and only the investor who asked reads the answer.
 */
export function InvestorQuestions({ caseId, mayAnswer }: { caseId: number; mayAnswer: boolean }) {
  const { t } = useTranslation();
  const list = useCaseItems(caseId, 'comments');
  const all = list.data ?? [];
  const questions = all
    .filter((c) => c.type === INVESTOR_QUESTION_TYPE)
    .sort((a, b) => b.publish_at.localeCompare(a.publish_at));
  if (questions.length === 0) return null;
  const answersOf = (id: number) =>
    all
      .filter((c) => c.type === INVESTOR_ANSWER_TYPE && c.reply_to === id)
      .sort((a, b) => a.publish_at.localeCompare(b.publish_at));
  const open = questions.filter((q) => answersOf(q.id).length === 0).length;
  return (
    <Card
      size="small"
      className="investor-questions"
      title={
        <span>
          {t('cases.questions.title')}{' '}
          {open > 0 ? <Tag color="red">{t('cases.questions.open', { count: open })}</Tag> : null}
        </span>
      }
    >
      {questions.map((q) => (
        <Question key={q.id} caseId={caseId} question={q} answers={answersOf(q.id)} mayAnswer={mayAnswer} />
      ))}
    </Card>
  );
}

function Question({
  caseId,
  question,
  answers,
  mayAnswer,
}: {
  caseId: number;
  question: Comment;
  answers: Comment[];
  mayAnswer: boolean;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const save = useSaveCaseItem(caseId, 'comments');
  const [text, setText] = useState('');
  async function answer() {
    if (!text.trim()) return;
    try {
      await save.mutateAsync({ id: null, body: { comment: text.trim(), reply_to: question.id } });
      setText('');
      message.success(t('cases.questions.answered'));
    } catch (error) {
      message.error(errorContent(error));
    }
  }
  return (
    <div className="investor-questions__item">
      <Typography.Text type="secondary">
        {question.asked_by?.name ?? t('cases.questions.someone')} ・ {formatDateTime(question.publish_at)}
      </Typography.Text>
      <Typography.Paragraph className="record-view__long">{question.comment}</Typography.Paragraph>
      {answers.map((a) => (
        <div key={a.id} className="investor-questions__answer">
          <Typography.Text type="secondary">
            {a.author?.name ?? ''} ・ {formatDateTime(a.publish_at)}
          </Typography.Text>
          <Typography.Paragraph className="record-view__long">{a.comment}</Typography.Paragraph>
        </div>
      ))}
      {mayAnswer ? (
        <Space.Compact className="full-width">
          <Input.TextArea
            aria-label={t('cases.questions.answerLabel')}
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={5000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('cases.questions.answerLabel')}
          />
          <Button
            type="primary"
            loading={save.isPending}
            disabled={!text.trim()}
            onClick={() => void answer()}
          >
            {t('cases.questions.answer')}
          </Button>
        </Space.Compact>
      ) : null}
    </div>
  );
}
