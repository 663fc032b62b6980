import { CALENDAR_FEED_DAYS_AHEAD, CALENDAR_FEED_DAYS_BACK, formatDateTime } from '@dealflow/domain';
import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, useErrorToast } from '../../../shared/components/ErrorAlert.tsx';
import { useCalendarFeed, useCreateCalendarFeed, useDeleteCalendarFeed } from '../api/firmCalendarApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/**
 * 訂閱行事曆: the reader's secret `.ics` address for Google Calendar or Outlook. The server keeps
 * only a hash, so the address shows once, right after it is made; making a new one or turning it
 * off ends the old one (after a confirmation).
 */
export function CalendarFeedPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const showError = useErrorToast();
  const feed = useCalendarFeed(open);
  const create = useCreateCalendarFeed();
  const remove = useDeleteCalendarFeed();
  // The address from the answer that made it: kept only while the panel is open.
  const [url, setUrl] = useState<string | null>(null);

  const make = async () => {
    try {
      const made = await create.mutateAsync();
      setUrl(made.url);
    } catch (error) {
      showError(error, t('calendar.feed.createFailed'));
    }
  };
  const confirmRegenerate = () =>
    modal.confirm({
      title: t('calendar.feed.regenerateConfirmTitle'),
      content: t('calendar.feed.regenerateConfirmBody'),
      okText: t('calendar.feed.regenerate'),
      cancelText: t('common.cancel'),
      onOk: make,
    });
  const confirmDisable = () =>
    modal.confirm({
      title: t('calendar.feed.disableConfirmTitle'),
      content: t('calendar.feed.disableConfirmBody'),
      okText: t('calendar.feed.disable'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync();
          setUrl(null);
          message.success(t('calendar.feed.disabled'));
        } catch (error) {
          showError(error);
        }
      },
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      message.success(t('calendar.feed.copied'));
    } catch {
      message.error(t('calendar.feed.copyFailed'));
    }
  };
  const close = () => {
    setUrl(null);
    onClose();
  };

  const state = feed.data;
  return (
    <Modal
      open={open}
      title={t('calendar.feed.title')}
      onCancel={close}
      footer={<Button onClick={close}>{t('calendar.hints.close')}</Button>}
      destroyOnHidden
    >
      <div className="calendar-feed">
        <Typography.Paragraph>
          {t('calendar.feed.intro', { back: CALENDAR_FEED_DAYS_BACK, ahead: CALENDAR_FEED_DAYS_AHEAD })}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('calendar.feed.howTo')}</Typography.Paragraph>
        {feed.isPending && <Spin />}
        {feed.isError && <ErrorAlert error={feed.error} title={t('calendar.feed.loadError')} />}
        {url && (
          <div className="calendar-feed__url">
            <label htmlFor="calendar-feed-url">{t('calendar.feed.url')}</label>
            <Space.Compact block>
              <Input id="calendar-feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
              <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
                {t('calendar.feed.copy')}
              </Button>
            </Space.Compact>
            <Alert type="warning" showIcon title={t('calendar.feed.onceHint')} />
          </div>
        )}
        {state && (
          <>
            <Typography.Paragraph strong className="calendar-feed__status">
              {state.active
                ? state.created_at
                  ? t('calendar.feed.active', { date: formatDateTime(state.created_at) })
                  : t('calendar.feed.activeNoDate')
                : t('calendar.feed.none')}
            </Typography.Paragraph>
            <Space wrap>
              {state.active ? (
                <>
                  <Button onClick={confirmRegenerate} loading={create.isPending}>
                    {t('calendar.feed.regenerate')}
                  </Button>
                  <Button danger onClick={confirmDisable} loading={remove.isPending}>
                    {t('calendar.feed.disable')}
                  </Button>
                </>
              ) : (
                <Button type="primary" onClick={() => void make()} loading={create.isPending}>
                  {t('calendar.feed.create')}
                </Button>
              )}
            </Space>
          </>
        )}
      </div>
    </Modal>
  );
}
