import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import {
  CLIENT_ACCOUNT_KINDS,
  type Client,
  type ClientAccount,
  type ClientAccountKind,
  canRevealClientAccounts,
} from '@dealflow/domain';
import { Button, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/index.ts';
import { useLabel } from '../../../shared/i18n/label.ts';
import { useStaffUser } from '../../auth/session/index.ts';
import { useRevealAccount } from '../api/clientItemsApi.ts';
import { type ClientItemConfig, ClientItemsPanel } from './ClientItemsPanel.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

interface AccountValues {
  holder_name: string;
  kind: ClientAccountKind;
  tax_id?: string;
  bank_name?: string;
  bank_account?: string;
  is_default?: boolean;
}

type Secret = 'tax_id' | 'bank_account';

/**
 * 帳戶: the legal persons the client invests through. The list shows tax ids and account numbers
 * masked but their last 4 characters; admin and the client's owner may show one account in full
 * (「顯示完整資料」), which the server records in the client's history each time.
 */
export function ClientAccountsTab({ client, editable }: { client: Client; editable: boolean }) {
  const { t } = useTranslation();
  const label = useLabel();
  const { message } = useFeedback();
  const me = useStaffUser();
  const reveal = useRevealAccount(client.id);
  // Whole values shown on request, by account; kept only while the tab is open.
  const [full, setFull] = useState<Record<number, ClientAccount>>({});
  const mayReveal = canRevealClientAccounts(me, client);
  // An edit since the values were shown makes them stale: the account reads masked again.
  const wholeOf = (item: ClientAccount) => {
    const whole = full[item.id];
    return whole?.updated_at === item.updated_at ? whole : undefined;
  };

  async function show(item: ClientAccount) {
    try {
      const account = await reveal.mutateAsync(item.id);
      setFull((f) => ({ ...f, [item.id]: account }));
    } catch (error) {
      message.error(`${t('clientItems.account.revealFailed')}: ${errorText(error)}`);
    }
  }
  function hide(item: ClientAccount) {
    setFull(({ [item.id]: _, ...rest }) => rest);
  }

  /**
   * A masked value cannot be edited as shown: its input starts empty and an empty input keeps the
   * stored value. Shown in full, it starts whole and clearing it clears the value.
   */
  function secret(v: AccountValues, item: ClientAccount, field: Secret) {
    const typed = v[field]?.trim() ?? '';
    const whole = wholeOf(item);
    if (!whole) return typed ? { [field]: typed } : {};
    return typed === (whole[field] ?? '') ? {} : { [field]: typed || null };
  }

  const config: ClientItemConfig<'accounts', AccountValues> = {
    kind: 'accounts',
    keep: true,
    fields: (item) => {
      const masked = item !== null && !wholeOf(item);
      const secretField = (name: Secret, text: string, max: number) => ({
        name,
        label: text,
        kind: 'text' as const,
        max,
        ...(masked ? { placeholder: item[name] ?? '', extra: t('clientItems.account.keepHint') } : {}),
      });
      return [
        {
          name: 'holder_name',
          label: t('clientItems.account.holder'),
          kind: 'text',
          max: 200,
          autoFocus: true,
          required: t('clientItems.account.holderRequired'),
        },
        {
          name: 'kind',
          label: t('clientItems.account.kind'),
          kind: 'select',
          options: CLIENT_ACCOUNT_KINDS.map((k) => ({ value: k, label: label('accountKind', k) })),
        },
        secretField('tax_id', t('clientItems.account.taxId'), 30),
        { name: 'bank_name', label: t('clientItems.account.bankName'), kind: 'text', max: 100 },
        secretField('bank_account', t('clientItems.account.bankAccount'), 40),
        {
          name: 'is_default',
          label: t('clientItems.account.isDefault'),
          kind: 'switch',
          valuePropName: 'checked',
          extra: t('clientItems.account.defaultHint'),
        },
      ];
    },
    initial: (item) => {
      if (!item) return { kind: 'individual', is_default: false };
      const whole = wholeOf(item);
      return {
        holder_name: item.holder_name,
        kind: item.kind,
        bank_name: item.bank_name ?? '',
        is_default: item.is_default,
        tax_id: whole?.tax_id ?? '',
        bank_account: whole?.bank_account ?? '',
      };
    },
    createBody: (v) => ({
      holder_name: v.holder_name.trim(),
      kind: v.kind,
      tax_id: v.tax_id?.trim() || null,
      bank_name: v.bank_name?.trim() || null,
      bank_account: v.bank_account?.trim() || null,
      is_default: !!v.is_default,
    }),
    updateBody: (v, item) => ({
      holder_name: v.holder_name.trim(),
      kind: v.kind,
      bank_name: v.bank_name?.trim() || null,
      is_default: !!v.is_default,
      ...secret(v, item, 'tax_id'),
      ...secret(v, item, 'bank_account'),
    }),
    view: (item) => {
      const shown = wholeOf(item) ?? item;
      return {
        title: item.holder_name,
        meta: [
          label('accountKind', item.kind),
          item.is_default ? (
            <Tag key="default" color="gold">
              {t('clientItems.account.default')}
            </Tag>
          ) : null,
          shown.tax_id ? t('clientItems.account.taxIdLine', { value: shown.tax_id }) : null,
          shown.bank_account
            ? shown.bank_name
              ? t('clientItems.account.bankLine', { bank: shown.bank_name, value: shown.bank_account })
              : t('clientItems.account.accountLine', { value: shown.bank_account })
            : null,
        ],
      };
    },
    actions: (item) => {
      if (!mayReveal || (!item.tax_id && !item.bank_account)) return null;
      return wholeOf(item) ? (
        <Button
          size="small"
          type="text"
          icon={<EyeInvisibleOutlined aria-hidden />}
          onClick={() => hide(item)}
        >
          {t('clientItems.account.hide')}
        </Button>
      ) : (
        <Tooltip title={t('clientItems.account.revealHint')}>
          <Button
            size="small"
            type="text"
            icon={<EyeOutlined aria-hidden />}
            loading={reveal.isPending && reveal.variables === item.id}
            onClick={() => void show(item)}
          >
            {t('clientItems.account.reveal')}
          </Button>
        </Tooltip>
      );
    },
  };
  return <ClientItemsPanel clientId={client.id} config={config} editable={editable} />;
}
