import { type CalendarEvent, formatDateTime } from '@dealflow/domain';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CaseItemsPanel, type ItemConfig } from './CaseItemsPanel.tsx';

interface EventValues {
  title: string;
  start_at: Dayjs;
  end_at: Dayjs;
  location?: string;
}

/** 行事曆: meetings and events of the case. */
export function CalendarsTab({ caseId, editable }: { caseId: number; editable: boolean }) {
  const { t } = useTranslation();
  const body = (v: EventValues) => ({
    title: v.title.trim(),
    start_at: v.start_at.format(),
    end_at: v.end_at.format(),
    location: v.location?.trim() || null,
  });
  const config: ItemConfig<'calendars', EventValues> = {
    kind: 'calendars',
    initial: (item: CalendarEvent | null) =>
      item
        ? {
            title: item.title,
            start_at: dayjs(item.start_at),
            end_at: dayjs(item.end_at),
            location: item.location ?? '',
          }
        : {},
    createBody: body,
    updateBody: body,
    view: (item) => ({
      title: item.title,
      meta: [
        `${formatDateTime(item.start_at)} – ${formatDateTime(item.end_at)}`,
        item.location,
        item.author ? t('cases.items.by', { name: item.author.name }) : null,
      ],
    }),
    fields: () => (
      <>
        <Form.Item
          name="title"
          label={t('cases.items.title')}
          rules={[
            { required: true, whitespace: true, message: t('cases.items.titleRequired') },
            { max: 200 },
          ]}
        >
          <Input autoFocus />
        </Form.Item>
        <div className="form-row">
          <Form.Item
            name="start_at"
            label={t('cases.items.calendar.startAt')}
            rules={[{ required: true, message: t('cases.items.calendar.required') }]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="full-width" />
          </Form.Item>
          <Form.Item
            name="end_at"
            label={t('cases.items.calendar.endAt')}
            dependencies={['start_at']}
            rules={[
              { required: true, message: t('cases.items.calendar.required') },
              ({ getFieldValue }) => ({
                validator: (_, value: Dayjs | undefined) => {
                  const start = getFieldValue('start_at') as Dayjs | undefined;
                  return !value || !start || !value.isBefore(start)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('cases.items.calendar.endBeforeStart')));
                },
              }),
            ]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" className="full-width" />
          </Form.Item>
        </div>
        <Form.Item name="location" label={t('cases.items.calendar.location')} rules={[{ max: 500 }]}>
          <Input />
        </Form.Item>
      </>
    ),
  };
  return (
    <CaseItemsPanel
      caseId={caseId}
      editable={editable}
      config={config}
      addLabel={`${t('cases.items.add')}${t('cases.manager.tab.calendars')}`}
    />
  );
}
