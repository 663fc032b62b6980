import { type Client, type ClientInterest, formatMoney, INTEREST_LEVELS } from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../shared/fields/index.ts';
import { useLabel } from '../../../shared/i18n/label.ts';
import { authorLine } from '../../cases/components/CaseItemsPanel.tsx';
import { RecusedTag } from '../../legalDocs/components/RecusalsCard.tsx';
import { caseFieldWhenNew } from './CaseNameSelect.tsx';
import { type ClientItemConfig, ClientItemsPanel } from './ClientItemsPanel.tsx';

interface InterestValues {
  case_id?: number;
  level: number;
  amount?: number | null;
  note?: string;
}

/** 投資意向: which cases the client is interested in, how keen (1–3) and for how much. */
export function ClientInterestsTab({ client, editable }: { client: Client; editable: boolean }) {
  const { t } = useTranslation();
  const label = useLabel();
  const config: ClientItemConfig<'interests', InterestValues> = {
    kind: 'interests',
    // An interest is of one client in one case.
    fields: (item) => [
      ...caseFieldWhenNew(
        item,
        { label: t('clientItems.interest.case'), required: t('clientItems.interest.caseRequired') },
        true,
      ),
      {
        name: 'level',
        label: t('clientItems.interest.level'),
        kind: 'select',
        options: INTEREST_LEVELS.map((l) => ({ value: l, label: label('interestLevel', `${l}`) })),
      },
      {
        name: 'amount',
        label: t('clientItems.interest.amount'),
        kind: 'money',
        input: <MoneyInput currency={item?.currency} />,
      },
      {
        name: 'note',
        label: t('clientItems.interest.note'),
        kind: 'longText',
        wide: true,
        rows: 3,
        max: 2000,
      },
    ],
    initial: (item: ClientInterest | null) =>
      item ? { level: item.level, amount: item.amount, note: item.note ?? '' } : { level: 1 },
    createBody: (v) => ({
      client_id: client.id,
      case_id: v.case_id as number,
      level: v.level,
      amount: v.amount ?? null,
      note: v.note?.trim() || null,
    }),
    updateBody: (v) => ({ level: v.level, amount: v.amount ?? null, note: v.note?.trim() || null }),
    view: (item) => ({
      title: item.case.name,
      content: item.note,
      meta: [
        // Recused on the case by a signed COI declaring a conflict (issue 13).
        item.recused ? <RecusedTag key="recused" /> : null,
        `${t('clientItems.interest.level')} ${label('interestLevel', `${item.level}`)}`,
        item.amount === null ? null : formatMoney(item.amount, item.currency),
        authorLine(t, item.author),
      ],
    }),
  };
  return <ClientItemsPanel clientId={client.id} config={config} editable={editable} />;
}
