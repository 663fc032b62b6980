import { CrownOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type Case,
  type CaseRole,
  FUND_ROLE_LABELS,
  FUND_ROLE_LISTS,
  FUND_ROLES,
  type FundRole,
  formatMoney,
} from '@dealflow/domain';
import { Alert, Button, Card, Empty, Form, Modal, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../shared/fields/index.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { ClientSelect } from '../../clients/components/ClientSelect.tsx';
import { useAddRole, useCaseRoles, useRemoveRole, useUpdateRole } from '../api/caseItemsApi.ts';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useModalFormGuard } from '../../../shared/unsaved/index.ts';
import { useCaseRecusals } from '../../legalDocs/api/legalDocsApi.ts';
import { RecusalsCard, RecusedTag } from '../../legalDocs/components/RecusalsCard.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

interface AddValues {
  client_id: number;
  role: FundRole;
  invest_money?: number | null;
}

/**
 * 基金角色: the lead angel and the role lists. The server applies the fund role edit rule
 * (SPEC section 4): a new lead pushes the old one into the panel; `from` names the role edited.
 */
export function FundRolesTab({ kase, editable }: { kase: Case; editable: boolean }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const language = currentLanguage();
  const roles = useCaseRoles(kase.id);
  const recusals = useCaseRecusals(kase.id);
  const recused = new Set((recusals.data ?? []).map((r) => r.client.id));
  const add = useAddRole(kase.id);
  const update = useUpdateRole(kase.id);
  const remove = useRemoveRole(kase.id);
  const [adding, setAdding] = useState(false);
  const addGuard = useModalFormGuard(adding);
  const roleLabel = (role: FundRole) => FUND_ROLE_LABELS[role][language];

  async function run(action: () => Promise<unknown>) {
    try {
      await action();
      message.success(t('cases.fundRoles.saved'));
      return true;
    } catch (error) {
      message.error(errorContent(error));
      return false;
    }
  }

  function confirmRemove(row: CaseRole) {
    modal.confirm({
      title: t('cases.fundRoles.removeConfirm', { name: row.client.name, role: roleLabel(row.role) }),
      okText: t('cases.fundRoles.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => run(() => remove.mutateAsync(row.id)),
    });
  }

  /** The edit rule (SPEC section 4) moves a replaced lead into the panel: say so before it happens. */
  function changeRole(row: CaseRole, role: FundRole) {
    const edit = () => run(() => update.mutateAsync({ id: row.id, body: { role, from: row.role } }));
    const currentLead = roles.data?.find((r) => r.role === 'lead_angel' && r.client_id !== row.client_id);
    if (role !== 'lead_angel' || !currentLead) {
      void edit();
      return;
    }
    modal.confirm({
      title: t('cases.fundRoles.newLeadTitle', { name: row.client.name }),
      content: t('cases.fundRoles.newLeadBody', { lead: currentLead.client.name }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: edit,
    });
  }

  if (roles.isPending) return <Spin />;
  if (roles.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('cases.items.loadError')}
        description={errorContent(roles.error)}
      />
    );

  const lead = roles.data.find((r) => r.role === 'lead_angel');
  const row = (r: CaseRole) => (
    <li key={r.id} className="role-row">
      <span className="role-row__name">
        {r.client.name} <Typography.Text type="secondary">#{r.client_id}</Typography.Text>
        {recused.has(r.client_id) ? <RecusedTag /> : null}
      </span>
      {r.invest_money !== null && <span>{formatMoney(r.invest_money, kase.currency)}</span>}
      {editable && (
        <span className="role-row__actions">
          <Select<FundRole>
            size="small"
            aria-label={`${t('cases.fundRoles.changeRole')} ${r.client.name}`}
            value={r.role}
            onChange={(role) => changeRole(r, role)}
            options={FUND_ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
            popupMatchSelectWidth={false}
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`${t('cases.fundRoles.remove')} ${r.client.name}`}
            onClick={() => confirmRemove(r)}
          />
        </span>
      )}
    </li>
  );

  const addButton = editable && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
      {t('cases.fundRoles.add')}
    </Button>
  );
  const none = roles.data.length === 0;
  return (
    <div className="fund-roles">
      <RecusalsCard recusals={recusals.data} error={recusals.error} />
      {none ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('forms.case.empty.fundRoles')}>
          {addButton}
        </Empty>
      ) : (
        addButton
      )}
      {!none && (
        <Card
          size="small"
          title={
            <>
              <CrownOutlined aria-hidden /> {t('cases.fundRoles.lead')}
            </>
          }
        >
          {lead ? (
            <ul className="role-list">{row(lead)}</ul>
          ) : (
            <Typography.Text type="secondary">{t('cases.fundRoles.noLead')}</Typography.Text>
          )}
        </Card>
      )}
      {!none &&
        FUND_ROLE_LISTS.map((role) => {
          const rows = roles.data.filter((r) => r.role === role);
          return (
            <Card key={role} size="small" title={`${roleLabel(role)} (${rows.length})`}>
              {rows.length === 0 ? (
                <Typography.Text type="secondary">{t('cases.fundRoles.empty')}</Typography.Text>
              ) : (
                <ul className="role-list">{rows.map(row)}</ul>
              )}
            </Card>
          );
        })}
      <Modal
        open={adding}
        title={t('cases.fundRoles.add')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ htmlType: 'submit', loading: add.isPending }}
        onCancel={() => setAdding(false)}
        destroyOnHidden
        modalRender={(dom) => (
          <Form<AddValues>
            layout="vertical"
            name="fund-role-add"
            initialValues={{ role: 'panel' }}
            onValuesChange={addGuard.markDirty}
            onFinish={async (values) => {
              const ok = await run(() =>
                add.mutateAsync({
                  client_id: values.client_id,
                  role: values.role,
                  invest_money: values.invest_money ?? null,
                }),
              );
              if (ok) setAdding(false);
            }}
          >
            {dom}
          </Form>
        )}
      >
        <Form.Item
          name="client_id"
          label={t('cases.fundRoles.client')}
          rules={[{ required: true, message: t('cases.fundRoles.clientRequired') }]}
        >
          <ClientSelect autoFocus />
        </Form.Item>
        <Form.Item name="role" label={t('cases.fundRoles.role')}>
          <Select options={FUND_ROLES.map((role) => ({ value: role, label: roleLabel(role) }))} />
        </Form.Item>
        <Form.Item name="invest_money" label={t('cases.fundRoles.investMoney')}>
          <MoneyInput currency={kase.currency} />
        </Form.Item>
      </Modal>
      {/* Outside the modal: a closing modal is not re-rendered, so a guard inside would keep blocking. */}
      {addGuard.guard}
    </div>
  );
}
