import {
  type Client,
  type ClientCaseDetail,
  type ClientCaseEntry,
  formatMoney,
  staffCan,
} from '@dealflow/domain';
import { Button, Drawer, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../clientRecords.css';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { type FieldDef, RecordView } from '../../../shared/fields/index.ts';
import { useLabel } from '../../../shared/i18n/label.ts';
import { useStaffUser } from '../../auth/session/index.ts';
import { StageTag } from '../../cases/components/StageTag.tsx';
import { useClientCase, useSetRoleValue } from '../api/clientRecordsApi.ts';
import { RecordFormModal } from './RecordFormModal.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

type CaseRoleRow = ClientCaseDetail['roles'][number];
interface ValueForm {
  holdings_value?: number | null;
  refunded_money?: number | null;
}

/**
 * One case as the client is involved in it: the case's summary (read-only), the client's roles on
 * it with what they put in, what the holding is worth and what came back. ir and admin revalue a
 * holding here; everyone else reads.
 */
export function ClientCaseDrawer({
  client,
  entry,
  editable,
  onClose,
}: {
  client: Client;
  entry: ClientCaseEntry;
  editable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const { message } = useFeedback();
  const me = useStaffUser();
  const detail = useClientCase(client.id, entry.id);
  const setValue = useSetRoleValue(client.id);
  const [revaluing, setRevaluing] = useState<CaseRoleRow | null>(null);
  const mayRevalue = editable && !me.reviewer && staffCan(me.role, 'clients.portfolio');
  const data = detail.data;
  const currency = data?.case.currency ?? entry.currency;
  const money = (v: number | null) => (v === null ? t('common.none') : formatMoney(v, currency));

  const caseFields: FieldDef[] = [
    {
      name: 'status',
      label: t('clientRecords.cases.field.status'),
      kind: 'custom',
      display: (v) => <StageTag stage={v as ClientCaseDetail['case']['status']} />,
    },
    { name: 'round', label: t('clientRecords.cases.field.round'), kind: 'text' },
    {
      name: 'currency',
      label: t('clientRecords.cases.field.currency'),
      kind: 'custom',
      display: (v) => label('currency', v as string),
    },
    {
      name: 'ao',
      label: t('clientRecords.cases.field.ao'),
      kind: 'custom',
      display: (v) => (v as ClientCaseDetail['case']['ao'])?.name,
    },
    { name: 'fund_raising', label: t('clientRecords.cases.field.fundRaising'), kind: 'money' },
    { name: 'pre_money', label: t('clientRecords.cases.field.preMoney'), kind: 'money' },
    { name: 'funding', label: t('clientRecords.cases.field.funding'), kind: 'money' },
    { name: 'website', label: t('clientRecords.cases.field.website'), kind: 'url' },
    { name: 'overview', label: t('clientRecords.cases.field.overview'), kind: 'longText', wide: true },
  ];

  const valueFields: FieldDef[] = [
    { name: 'holdings_value', label: t('clientRecords.cases.role.holdings'), kind: 'money', autoFocus: true },
    { name: 'refunded_money', label: t('clientRecords.cases.role.refunded'), kind: 'money' },
  ];

  return (
    <Drawer
      open
      size="large"
      title={t('clientRecords.cases.drawerTitle', { name: data?.case.name ?? entry.name })}
      onClose={onClose}
      destroyOnHidden
    >
      {detail.isPending && <Skeleton active />}
      {detail.isError && <ErrorAlert error={detail.error} title={t('clientRecords.loadError')} />}
      {data && (
        <div className="client-case">
          <Typography.Title level={5}>{t('clientRecords.cases.caseSection')}</Typography.Title>
          <RecordView fields={caseFields} values={data.case} currency={currency} />
          <Typography.Title level={5}>{t('clientRecords.cases.rolesSection')}</Typography.Title>
          {data.roles.length === 0 ? (
            <Typography.Paragraph type="secondary">{t('clientRecords.cases.noRoles')}</Typography.Paragraph>
          ) : (
            <Table<CaseRoleRow>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={data.roles}
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  key: 'role',
                  title: t('clientRecords.cases.role.role'),
                  dataIndex: 'role',
                  render: (role: CaseRoleRow['role']) => label('fundRole', role),
                },
                {
                  key: 'invest',
                  title: t('clientRecords.cases.role.invest'),
                  dataIndex: 'invest_money',
                  align: 'right',
                  render: money,
                },
                {
                  key: 'holdings',
                  title: t('clientRecords.cases.role.holdings'),
                  dataIndex: 'holdings_value',
                  align: 'right',
                  render: money,
                },
                {
                  key: 'refunded',
                  title: t('clientRecords.cases.role.refunded'),
                  dataIndex: 'refunded_money',
                  align: 'right',
                  render: money,
                },
                ...(mayRevalue
                  ? [
                      {
                        key: 'actions',
                        title: t('clientRecords.cases.role.actions'),
                        render: (_: unknown, row: CaseRoleRow) => (
                          <Button
                            size="small"
                            aria-label={t('clientRecords.cases.revalueLabel', {
                              role: label('fundRole', row.role),
                            })}
                            onClick={() => setRevaluing(row)}
                          >
                            {t('clientRecords.cases.revalue')}
                          </Button>
                        ),
                      },
                    ]
                  : []),
              ]}
              summary={() =>
                data.roles.length > 1 ? (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>{t('clientRecords.cases.total')}</Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      {money(data.invest_money)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right">
                      {money(data.holdings_value)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={3} align="right">
                      {money(data.refunded_money)}
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                ) : null
              }
            />
          )}
        </div>
      )}
      {revaluing && (
        <RecordFormModal<ValueForm>
          name="client-role-value"
          title={t('clientRecords.cases.revalueTitle')}
          fields={valueFields}
          currency={currency}
          extra={
            <Typography.Paragraph type="secondary">
              {t('clientRecords.cases.revalueHint', { currency: label('currency', currency) })}
            </Typography.Paragraph>
          }
          initial={{ holdings_value: revaluing.holdings_value, refunded_money: revaluing.refunded_money }}
          onSubmit={async (values) => {
            await setValue.mutateAsync({
              roleId: revaluing.id,
              body: {
                holdings_value: values.holdings_value ?? null,
                refunded_money: values.refunded_money ?? null,
              },
            });
            message.success(t('clientRecords.cases.saved'));
          }}
          onClose={() => setRevaluing(null)}
        />
      )}
    </Drawer>
  );
}
