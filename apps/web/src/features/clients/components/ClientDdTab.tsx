import { type Client, type ClientDdComment, DD_CONTENT_MAX, formatDateTime } from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import { authorLine } from '../../cases/components/CaseItemsPanel.tsx';
import { caseFieldWhenNew } from './CaseNameSelect.tsx';
import { type ClientItemConfig, ClientItemsPanel } from './ClientItemsPanel.tsx';

interface DdValues {
  case_id?: number;
  content: string;
}

/** Longer comments read in full under a shortened title. */
const TITLE_CHARS = 60;

/** 盡職調查意見 the client raised, on any case; each is also a comment of its case. */
export function ClientDdTab({ client, editable }: { client: Client; editable: boolean }) {
  const { t } = useTranslation();
  const config: ClientItemConfig<'dd', DdValues> = {
    kind: 'dd',
    fields: (item) => [
      ...caseFieldWhenNew(item, {
        label: t('clientItems.dd.case'),
        required: t('clientItems.dd.caseRequired'),
      }),
      {
        name: 'content',
        label: t('clientItems.dd.content'),
        kind: 'longText',
        wide: true,
        rows: 5,
        autoFocus: !!item,
        required: t('clientItems.dd.contentRequired'),
        max: DD_CONTENT_MAX,
      },
    ],
    initial: (item: ClientDdComment | null) => (item ? { content: item.content } : {}),
    createBody: (v) => ({ case_id: v.case_id as number, content: v.content.trim() }),
    updateBody: (v) => ({ content: v.content.trim() }),
    view: (item) => {
      const long = item.content.length > TITLE_CHARS;
      return {
        title: long ? `${item.content.slice(0, TITLE_CHARS)}…` : item.content,
        content: long ? item.content : undefined,
        meta: [
          t('clientItems.dd.onCase', { name: item.case.name }),
          formatDateTime(item.created_at),
          authorLine(t, item.author),
        ],
      };
    },
  };
  return <ClientItemsPanel clientId={client.id} config={config} editable={editable} />;
}
