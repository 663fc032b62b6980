import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import './unsaved.css';

/**
 * The bar that sticks to the bottom of the window while a form has unsaved changes: 「未儲存的變更」
 * with 儲存 and 捨棄, so saving never means scrolling to the end of a long form. Put it last inside
 * the form; 儲存 submits the form it is in.
 */
export function SaveBar({
  dirty,
  saving,
  onDiscard,
}: {
  dirty: boolean;
  saving?: boolean;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  if (!dirty) return null;
  return (
    <section className="save-bar" aria-label={t('forms.unsaved.bar')}>
      <span className="save-bar__text" role="status">
        <ExclamationCircleOutlined aria-hidden /> {t('forms.unsaved.bar')}
      </span>
      <span className="save-bar__actions">
        <Button onClick={onDiscard} disabled={saving}>
          {t('forms.unsaved.discard')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('forms.unsaved.save')}
        </Button>
      </span>
    </section>
  );
}
