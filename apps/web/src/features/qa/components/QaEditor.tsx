import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import {
  formatDateTime,
  QA_ANSWER_MAX,
  QA_CATEGORY_MAX,
  QA_QUESTION_MAX,
  type QaEntry,
} from '@dealflow/domain';
import { Button, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/index.ts';
import { ItemList, mutationSource } from '../../../shared/components/ItemList.tsx';
import { useDeleteQa, useQaEntries, useReorderQa, useSaveQa } from '../api/qaApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

interface QaValues {
  question: string;
  answer: string;
  category?: string | null;
  published: boolean;
}

/** `ids` with the entry at `index` swapped with its neighbour (`by` -1 up, +1 down). */
export function moved(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  const other = index + by;
  if (other < 0 || other >= next.length) return next;
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}

/**
 * The Q&A as admin edits it: every entry (drafts too) in the investors' order, add and edit in a
 * modal (the unsaved-changes guard asks before leaving it), delete after a confirmation, and move
 * an entry up or down.
 */
export function QaEditor() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const entries = useQaEntries();
  const save = useSaveQa();
  const remove = useDeleteQa();
  const reorder = useReorderQa();
  const ids = (entries.data ?? []).map((e) => e.id);

  const move = async (entry: QaEntry, by: -1 | 1) => {
    try {
      await reorder.mutateAsync(moved(ids, ids.indexOf(entry.id), by));
      message.success(t('qa.editor.moved'));
    } catch (error) {
      message.error(errorText(error));
    }
  };
  const body = (v: QaValues) => ({
    question: v.question.trim(),
    answer: v.answer.trim(),
    category: v.category?.trim() || null,
    published: v.published,
  });

  return (
    <ItemList<QaEntry, QaValues, ReturnType<typeof body>, ReturnType<typeof body>>
      name="qa"
      source={mutationSource(
        {
          data: entries.data,
          isPending: entries.isPending,
          isError: entries.isError,
          error: entries.error,
          refetch: entries.refetch,
        },
        save,
        remove,
      )}
      canAdd
      canChange={() => true}
      addLabel={t('qa.editor.add')}
      emptyText={t('qa.editor.empty')}
      config={{
        fields: [
          {
            name: 'question',
            label: t('qa.editor.question'),
            kind: 'text',
            wide: true,
            max: QA_QUESTION_MAX,
            required: t('qa.editor.questionRequired'),
            autoFocus: true,
          },
          {
            name: 'answer',
            label: t('qa.editor.answer'),
            kind: 'longText',
            wide: true,
            rows: 6,
            max: QA_ANSWER_MAX,
            required: t('qa.editor.answerRequired'),
          },
          {
            name: 'category',
            label: t('qa.editor.category'),
            kind: 'text',
            max: QA_CATEGORY_MAX,
            placeholder: t('qa.editor.categoryPlaceholder'),
          },
          { name: 'published', label: t('qa.editor.published'), kind: 'switch' },
        ],
        initial: (entry) =>
          entry
            ? {
                question: entry.question,
                answer: entry.answer,
                category: entry.category ?? '',
                published: entry.published,
              }
            : { published: true },
        createBody: body,
        updateBody: body,
        view: (entry) => ({
          title: entry.question,
          meta: [
            entry.published ? (
              <Tag key="state" color="green" variant="filled">
                {t('qa.editor.public')}
              </Tag>
            ) : (
              <Tag key="state" variant="filled">
                {t('qa.editor.draft')}
              </Tag>
            ),
            entry.category,
            t('qa.editor.updatedAt', { date: formatDateTime(entry.updated_at) }),
          ],
          content: <Typography.Paragraph className="qa-answer">{entry.answer}</Typography.Paragraph>,
        }),
        actions: (entry) => {
          const index = ids.indexOf(entry.id);
          return (
            <>
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined aria-hidden />}
                aria-label={t('qa.editor.moveUp', { question: entry.question })}
                disabled={index <= 0 || reorder.isPending}
                onClick={() => void move(entry, -1)}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined aria-hidden />}
                aria-label={t('qa.editor.moveDown', { question: entry.question })}
                disabled={index === -1 || index >= ids.length - 1 || reorder.isPending}
                onClick={() => void move(entry, 1)}
              />
            </>
          );
        },
      }}
    />
  );
}
