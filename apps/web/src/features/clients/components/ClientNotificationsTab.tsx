import { SendOutlined } from '@ant-design/icons';
import { type Client, type ClientNotification, formatDateTime, isSafeReturnPath } from '@dealflow/domain';
import { Button, Card, Empty, List, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../clientRecords.css';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import type { FieldDef } from '../../../shared/fields/index.ts';
import { useClientNotifications, useSendClientNotification } from '../api/clientRecordsApi.ts';
import { RecordFormModal } from './RecordFormModal.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

const PAGE_SIZE = 10;

interface SendValues {
  title: string;
  body?: string;
  link?: string;
}

/**
 * 通知: what the firm has sent the client, newest first, whether they have read it; staff who may
 * work on the client send a new one (a title, a text, a link to a page of the platform). Marking
 * read is the client's own, in the investor area.
 */
export function ClientNotificationsTab({ client, editable }: { client: Client; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [page, setPage] = useState(1);
  const [sending, setSending] = useState(false);
  const notices = useClientNotifications(client.id, { page, size: PAGE_SIZE });
  const send = useSendClientNotification(client.id);
  const data = notices.data;

  const fields: FieldDef[] = [
    {
      name: 'title',
      label: t('clientRecords.notifications.title'),
      kind: 'text',
      required: t('clientRecords.notifications.titleRequired'),
      max: 200,
      autoFocus: true,
    },
    {
      name: 'body',
      label: t('clientRecords.notifications.body'),
      kind: 'longText',
      max: 5000,
      rows: 4,
      wide: true,
    },
    {
      name: 'link',
      label: t('clientRecords.notifications.link'),
      kind: 'text',
      max: 2048,
      wide: true,
      placeholder: '/investor/cases/12',
      extra: t('clientRecords.notifications.linkHint'),
      rules: [
        {
          validator: (_, value: string | undefined) =>
            !value?.trim() || isSafeReturnPath(value.trim())
              ? Promise.resolve()
              : Promise.reject(new Error(t('clientRecords.notifications.linkInvalid'))),
        },
      ],
    },
  ];

  return (
    <div className="client-notifications">
      {editable && (
        <div>
          <Button type="primary" icon={<SendOutlined aria-hidden />} onClick={() => setSending(true)}>
            {t('clientRecords.notifications.send')}
          </Button>
        </div>
      )}
      {notices.isPending && <Spin />}
      {notices.isError && <ErrorAlert error={notices.error} title={t('clientRecords.loadError')} />}
      {notices.isSuccess && data && data.count === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('clientRecords.notifications.empty')} />
      )}
      {data && data.count > 0 && (
        <List<ClientNotification>
          dataSource={data.result}
          rowKey="id"
          split={false}
          loading={notices.isFetching && !notices.isPending}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data.count,
            size: 'small',
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          renderItem={(n) => (
            <List.Item>
              <Card size="small" className="client-notification">
                <div className="client-notification__head">
                  <Typography.Text strong>{n.title}</Typography.Text>
                  {n.read_at ? (
                    <Tag color="green">
                      {t('clientRecords.notifications.read', { date: formatDateTime(n.read_at) })}
                    </Tag>
                  ) : (
                    <Tag>{t('clientRecords.notifications.unread')}</Tag>
                  )}
                </div>
                {n.body && (
                  <Typography.Paragraph className="client-notification__body">{n.body}</Typography.Paragraph>
                )}
                <Typography.Text type="secondary" className="client-notification__meta">
                  {formatDateTime(n.created_at)}
                  {n.sender && ` · ${t('clientRecords.notifications.sender', { name: n.sender.name })}`}
                  {n.link && (
                    <>
                      {' · '}
                      <Typography.Text code>{n.link}</Typography.Text>
                    </>
                  )}
                </Typography.Text>
              </Card>
            </List.Item>
          )}
        />
      )}
      {sending && (
        <RecordFormModal<SendValues>
          name="client-notification"
          title={t('clientRecords.notifications.sendTitle')}
          okText={t('clientRecords.notifications.send')}
          fields={fields}
          initial={{}}
          onSubmit={async (values) => {
            await send.mutateAsync({
              title: values.title.trim(),
              body: values.body?.trim() || null,
              link: values.link?.trim() || null,
            });
            setPage(1);
            message.success(t('clientRecords.notifications.sent'));
          }}
          onClose={() => setSending(false)}
        />
      )}
    </div>
  );
}
