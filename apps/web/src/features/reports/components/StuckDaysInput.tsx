import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STUCK_DAYS_MAX } from '../hooks/useReportParams.ts';

/**
 * The stuck threshold in days, applied when the field is left or on Enter (not on every key, which
 * would ask the server once per digit). A plain number field: antd's InputNumber would add its own
 * weight to the page for one field.
 */
export function StuckDaysInput({ value, onChange }: { value: number; onChange: (days: number) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const commit = () => {
    const next = Number(draft);
    if (/^\d{1,4}$/.test(draft) && next >= 1 && next <= STUCK_DAYS_MAX) {
      if (next !== value) onChange(next);
    } else setDraft(String(value));
  };
  const id = 'report-stuck-days';
  return (
    <span className="report-stuck-days">
      <label htmlFor={id}>{t('report.analytics.stuckDays')}</label>
      <Input
        id={id}
        size="small"
        type="number"
        inputMode="numeric"
        min={1}
        max={STUCK_DAYS_MAX}
        step={1}
        value={draft}
        onChange={(e) => setDraft(e.target.value.trim())}
        onBlur={commit}
        onPressEnter={commit}
        data-testid="stuck-days"
      />
    </span>
  );
}
