import { Card, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useStaffDirectory } from '../../../shared/reference/referenceApi.ts';
import { useStaffUser } from '../../auth/session/index.ts';
import { WorkLogList } from '../components/WorkLogList.tsx';
import '../workLogs.css';

const positive = (value: string | null) =>
  value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;

/**
 * /dashboard/worklog: one's own work log (calls, meetings, visits), 20 a page, the page in the URL.
 * An admin may look at a colleague's (`employee_id`) or everyone's (`employee_id=all`).
 */
export function WorkLogsPage() {
  const { t } = useTranslation();
  const me = useStaffUser();
  const [search, setSearch] = useSearchParams();
  const admin = me.role === 'admin';
  const directory = useStaffDirectory();
  const who = search.get('employee_id');
  const everyone = admin && who === 'all';
  const employeeId = everyone ? undefined : admin ? (positive(who) ?? me.id) : me.id;
  const page = positive(search.get('page')) ?? 1;
  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setSearch(next, { replace: true });
  };
  return (
    <section className="page-section" aria-labelledby="page-title">
      <div className="page-head">
        <div>
          <Typography.Title level={3} id="page-title">
            {t('workLogs.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('workLogs.intro')}</Typography.Paragraph>
        </div>
        {admin && (
          <Select<string>
            className="work-log__who"
            aria-label={t('workLogs.colleague')}
            showSearch={{ optionFilterProp: 'label' }}
            loading={directory.isPending}
            value={everyone ? 'all' : String(employeeId)}
            onChange={(value) => update({ employee_id: value === String(me.id) ? null : value, page: null })}
            options={[
              { value: String(me.id), label: t('workLogs.mine') },
              { value: 'all', label: t('workLogs.everyone') },
              ...(directory.data ?? [])
                .filter((e) => e.id !== me.id)
                .map((e) => ({ value: String(e.id), label: e.name })),
            ]}
          />
        )}
      </div>
      <Card>
        <WorkLogList
          employeeId={employeeId}
          page={page}
          onPage={(p) => update({ page: p === 1 ? null : String(p) })}
          viewer={me}
          canAdd={!me.reviewer}
          showCase
          emptyText={t('workLogs.empty')}
        />
      </Card>
    </section>
  );
}
