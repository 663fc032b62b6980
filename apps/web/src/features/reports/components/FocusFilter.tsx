import { AimOutlined } from '@ant-design/icons';
import { type ReportFocus, staffCan } from '@dealflow/domain';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { keyOptionsOf, useStaffDirectory, useStaticKeys } from '../../../shared/reference/referenceApi.ts';
import type { ReportPipeline } from '../api/reportsApi.ts';

const optionOf = (focus: ReportFocus) => (focus ? `${focus.by}:${focus.key}` : undefined);

function focusOf(value: string | undefined): ReportFocus {
  if (!value) return null;
  const at = value.indexOf(':');
  const by = value.slice(0, at);
  const key = value.slice(at + 1);
  return by === 'ao' || by === 'owner' || by === 'domain' ? { by, key } : null;
}

/**
 * What the trend and analytics look at: everything, one AO's cases (one owner's clients on the
 * investor report) or one domain's. One picker for both kinds, so a person and a domain are never
 * chosen together: the stored days answer one or the other (decision 0022).
 */
export function FocusFilter({
  pipeline,
  focus,
  onChange,
}: {
  pipeline: ReportPipeline;
  focus: ReportFocus;
  onChange: (focus: ReportFocus) => void;
}) {
  const { t } = useTranslation();
  const directory = useStaffDirectory();
  const domains = useStaticKeys('domain');
  const by = pipeline === 'cases' ? 'ao' : 'owner';
  // The people a case report can focus on are those who run cases; on the investor report, those
  // who work clients (the same sets the case and client lists filter by).
  const people = (directory.data ?? []).filter((e) =>
    pipeline === 'cases' ? e.role === 'ao' || e.role === 'admin' : staffCan(e.role, 'clients.write'),
  );
  const domainOptions = keyOptionsOf(domains.data, currentLanguage());
  const value = optionOf(focus);
  const options = [
    {
      label: t(pipeline === 'cases' ? 'report.focus.aos' : 'report.focus.owners'),
      options: people.map((e) => ({ value: `${by}:${e.id}`, label: e.name })),
    },
    {
      label: t('report.focus.domains'),
      options: domainOptions.map((o) => ({ value: `domain:${o.value}`, label: o.label })),
    },
  ];
  // A focus the lists do not offer (a colleague since gone, an old key) still shows as chosen.
  if (value && !options.some((g) => g.options.some((o) => o.value === value)))
    options.push({ label: t('report.focus.other'), options: [{ value, label: focus?.key ?? '' }] });
  return (
    <Select<string>
      className="report-focus"
      allowClear={{ label: t('labels.clear') }}
      showSearch={{ optionFilterProp: 'label' }}
      suffixIcon={<AimOutlined aria-hidden />}
      aria-label={t('report.focus.label')}
      placeholder={t(pipeline === 'cases' ? 'report.focus.allCases' : 'report.focus.allClients')}
      loading={directory.isPending || domains.isPending}
      value={value}
      onChange={(v) => onChange(focusOf(v))}
      options={options}
      popupMatchSelectWidth={false}
      data-testid="report-focus"
    />
  );
}
