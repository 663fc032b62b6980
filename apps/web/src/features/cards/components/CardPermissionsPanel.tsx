import { CARD_PERMISSIONS, type Card, type CardPermission } from '@dealflow/domain';
import { Button, List, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useStaffDirectory } from '../../../shared/reference/referenceApi.ts';
import { useCardPermissions, useSetCardPermission } from '../api/cardsApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/**
 * Sharing, for the card's owner and admin: who else may read or edit it. Pick a colleague and a
 * level; each grant can be changed or taken back (none) in place.
 */
export function CardPermissionsPanel({ card }: { card: Card }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const grants = useCardPermissions(card.id, true);
  const directory = useStaffDirectory();
  const set = useSetCardPermission();
  const [employeeId, setEmployeeId] = useState<number | undefined>();
  const [level, setLevel] = useState<CardPermission>('read');

  const levelOptions = CARD_PERMISSIONS.map((p) => ({ value: p, label: t(`cards.permissions.${p}`) }));
  const listed = new Set((grants.data ?? []).map((g) => g.employee_id));
  const candidates = (directory.data ?? [])
    .filter((e) => !listed.has(e.id) && e.id !== card.owner?.id)
    .map((e) => ({ value: e.id, label: `${e.name}（${t(`roles.${e.role}`)}）` }));

  async function apply(id: number, permission: CardPermission, name: string) {
    try {
      await set.mutateAsync({ id: card.id, employeeId: id, permission });
      message.success(t('cards.permissions.saved', { name }));
      return true;
    } catch (error) {
      message.error(errorContent(error));
      return false;
    }
  }

  return (
    <section className="card-permissions" aria-labelledby="card-permissions-title">
      <Typography.Title level={5} id="card-permissions-title">
        {t('cards.permissions.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('cards.permissions.hint')}</Typography.Paragraph>
      <Space.Compact className="card-permissions__add">
        <Select
          className="card-permissions__employee"
          aria-label={t('cards.permissions.employee')}
          placeholder={t('cards.permissions.pick')}
          showSearch={{ optionFilterProp: 'label' }}
          options={candidates}
          value={employeeId}
          onChange={setEmployeeId}
          loading={directory.isPending}
        />
        <Select
          className="card-permissions__level"
          aria-label={t('cards.permissions.level')}
          options={levelOptions.filter((o) => o.value !== 'none')}
          value={level}
          onChange={setLevel}
        />
        <Button
          type="primary"
          disabled={employeeId === undefined}
          loading={set.isPending}
          onClick={async () => {
            if (employeeId === undefined) return;
            const name = candidates.find((c) => c.value === employeeId)?.label ?? '';
            if (await apply(employeeId, level, String(name))) setEmployeeId(undefined);
          }}
        >
          {t('cards.permissions.add')}
        </Button>
      </Space.Compact>
      <List
        size="small"
        loading={grants.isPending}
        locale={{ emptyText: t('cards.permissions.empty') }}
        dataSource={grants.data ?? []}
        renderItem={(grant) => (
          <List.Item
            actions={[
              grant.permission === 'owner' ? (
                <Typography.Text key="owner" type="secondary">
                  {t('cards.permissions.owner')}
                </Typography.Text>
              ) : (
                <Select
                  key="level"
                  size="small"
                  aria-label={`${t('cards.permissions.level')} ${grant.employee_name ?? ''}`}
                  className="card-permissions__level"
                  options={levelOptions}
                  value={grant.permission as CardPermission}
                  onChange={(p: CardPermission) =>
                    void apply(grant.employee_id, p, grant.employee_name ?? '')
                  }
                />
              ),
            ]}
          >
            {grant.employee_name ?? `#${grant.employee_id}`}
          </List.Item>
        )}
      />
    </section>
  );
}
