import type { Case } from '@dealflow/domain';
import { App, Form, Rate, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useUpdateCase } from '../api/casesApi.ts';

/** 評分: AO and IR scores 1–5, saved as soon as a star is chosen (0 clears). */
export function RatingsTab({ kase, editable }: { kase: Case; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateCase(kase.id);

  async function save(field: 'rating_ao_score' | 'rating_ir_score', value: number) {
    try {
      await update.mutateAsync({ [field]: value === 0 ? null : value });
      message.success(t('cases.ratings.saved'));
    } catch (error) {
      message.error(errorContent(error));
    }
  }

  return (
    <Form layout="vertical" disabled={!editable || update.isPending}>
      <Typography.Paragraph type="secondary">{t('cases.ratings.hint')}</Typography.Paragraph>
      <Form.Item label={t('cases.ratings.ao')}>
        <Rate
          aria-label={t('cases.ratings.ao')}
          value={kase.rating_ao_score ?? 0}
          onChange={(v) => void save('rating_ao_score', v)}
        />
      </Form.Item>
      <Form.Item label={t('cases.ratings.ir')}>
        <Rate
          aria-label={t('cases.ratings.ir')}
          value={kase.rating_ir_score ?? 0}
          onChange={(v) => void save('rating_ir_score', v)}
        />
      </Form.Item>
    </Form>
  );
}
