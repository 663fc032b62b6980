import {
  type Client,
  type ClientContact,
  CONTACT_CHANNELS,
  CONTACT_SUMMARY_MAX,
  type ContactChannel,
  formatDateTime,
} from '@dealflow/domain';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { withStoredOption } from '../../../shared/fields/index.ts';
import { useLabel } from '../../../shared/i18n/label.ts';
import { useStaffDirectory } from '../../cases/api/casesApi.ts';
import { authorLine } from '../../cases/components/CaseItemsPanel.tsx';
import { type ClientItemConfig, ClientItemsPanel } from './ClientItemsPanel.tsx';

interface ContactValues {
  contact_at: Dayjs;
  channel: ContactChannel;
  summary: string;
  employee_id?: number | null;
}

/** 聯絡紀錄: each contact with the client — when, how, what was said and who spoke with them. */
export function ClientContactsTab({ client, editable }: { client: Client; editable: boolean }) {
  const { t } = useTranslation();
  const label = useLabel();
  // Colleagues who work clients; a contact made before a hand-over stays under who made it.
  const directory = useStaffDirectory('client');
  const colleagues = (directory.data ?? []).map((e) => ({ value: e.id, label: e.name }));
  const config: ClientItemConfig<'contacts', ContactValues> = {
    kind: 'contacts',
    fields: (item) => [
      {
        name: 'contact_at',
        label: t('clientItems.contact.at'),
        kind: 'datetime',
        required: t('clientItems.contact.atRequired'),
      },
      {
        name: 'channel',
        label: t('clientItems.contact.channel'),
        kind: 'select',
        required: t('clientItems.contact.channelRequired'),
        options: CONTACT_CHANNELS.map((c) => ({ value: c, label: label('contactChannel', c) })),
      },
      {
        name: 'summary',
        label: t('clientItems.contact.summary'),
        kind: 'longText',
        wide: true,
        rows: 4,
        autoFocus: true,
        max: CONTACT_SUMMARY_MAX,
        required: t('clientItems.contact.summaryRequired'),
      },
      {
        name: 'employee_id',
        label: t('clientItems.contact.employee'),
        kind: 'select',
        extra: t('clientItems.contact.employeeHint'),
        options: withStoredOption(
          colleagues,
          item?.employee ? { value: item.employee_id, label: item.employee.name } : null,
        ),
      },
    ],
    initial: (item: ClientContact | null) =>
      item
        ? {
            contact_at: dayjs(item.contact_at),
            channel: item.channel,
            summary: item.summary,
            employee_id: item.employee_id,
          }
        : { contact_at: dayjs().second(0).millisecond(0) },
    createBody: (v) => ({
      contact_at: v.contact_at.format(),
      channel: v.channel,
      summary: v.summary.trim(),
      employee_id: v.employee_id ?? null,
    }),
    // A cleared colleague keeps the stored one: a contact is always someone's.
    updateBody: (v) => ({
      contact_at: v.contact_at.format(),
      channel: v.channel,
      summary: v.summary.trim(),
      ...(v.employee_id ? { employee_id: v.employee_id } : {}),
    }),
    view: (item) => ({
      title: `${label('contactChannel', item.channel)} · ${formatDateTime(item.contact_at)}`,
      content: item.summary,
      meta: [
        item.employee ? `${t('clientItems.contact.employee')} ${item.employee.name}` : null,
        authorLine(t, item.author),
      ],
    }),
  };
  return <ClientItemsPanel clientId={client.id} config={config} editable={editable} />;
}
