import { type Case, type CaseRatingField, canSetRating, type StaffUser } from '@dealflow/domain';
import { Form, Rate, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useUpdateCase } from '../api/casesApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/**
 * 評分: AO and IR scores 1–5, saved as soon as a star is chosen (0 clears). Each score is set only
 * by the roles that give it (CASE_RATING_ROLES): an ao sees the IR score but does not set it.
 */
export function RatingsTab({ kase, user, editable }: { kase: Case; user: StaffUser; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const update = useUpdateCase(kase.id);

  async function save(field: CaseRatingField, value: number) {
    try {
      await update.mutateAsync({ [field]: value === 0 ? null : value });
      message.success(t('cases.ratings.saved'));
    } catch (error) {
      message.error(errorContent(error));
    }
  }

  const rating = (field: CaseRatingField, label: string, hint?: string) => {
    const settable = editable && canSetRating(user.role, field);
    return (
      <Form.Item label={label} extra={settable ? undefined : hint}>
        <Rate
          aria-label={label}
          value={kase[field] ?? 0}
          disabled={!settable || update.isPending}
          onChange={(v) => void save(field, v)}
        />
      </Form.Item>
    );
  };

  return (
    <Form layout="vertical">
      <Typography.Paragraph type="secondary">{t('cases.ratings.hint')}</Typography.Paragraph>
      {rating('rating_ao_score', t('cases.ratings.ao'))}
      {rating('rating_ir_score', t('cases.ratings.ir'), t('forms.case.ratingIrHint'))}
    </Form>
  );
}
