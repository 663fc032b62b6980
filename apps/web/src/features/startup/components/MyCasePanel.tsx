import { CalendarOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@dealflow/domain';
import { Card, Empty, List, Skeleton, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { useLabel } from '../../../shared/i18n/label.ts';
import { MyDocuments } from '../../legalDocs/components/MyDocuments.tsx';
import { useStartupInfo } from '../api/startupApi.ts';
import './startup.css';

/**
 * 我的案件: the documents sent to the startup to sign (the letter of intent, issue 14; signed with
 * the investors' flow), the case's stage as a timeline and the meetings to come.
 */
export function MyCasePanel({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const label = useLabel();
  const info = useStartupInfo(userId);
  if (info.isPending) return <Skeleton active />;
  if (info.isError) return <ErrorAlert error={info.error} />;
  const kase = info.data.case;
  if (!kase) return <Empty description={t('startupProfile.myCase.noCase')} />;
  return (
    <div className="startup-case">
      <Card size="small" title={t('startupProfile.myCase.documents')} className="startup-case__documents">
        <MyDocuments />
      </Card>
      <Card size="small" title={t('startupProfile.myCase.timeline')}>
        <Typography.Paragraph>
          {t('startupProfile.myCase.stage')}：
          <Typography.Text strong>{label('caseStage', kase.status)}</Typography.Text>
        </Typography.Paragraph>
        <Steps
          direction="vertical"
          size="small"
          current={kase.stages.length - 1}
          items={kase.stages.map((s) => ({
            title: label('caseStage', s.status),
            description: formatDate(s.entered_at),
          }))}
        />
      </Card>
      <Card size="small" title={t('startupProfile.myCase.meetings')} className="startup-case__meetings">
        {kase.meetings.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('startupProfile.myCase.noMeetings')} />
        ) : (
          <List
            dataSource={kase.meetings}
            renderItem={(m) => (
              <List.Item>
                <List.Item.Meta
                  avatar={<CalendarOutlined aria-hidden />}
                  title={m.title}
                  description={
                    <>
                      {formatDateTime(m.start_at)} – {formatDateTime(m.end_at)}
                      {m.location ? (
                        <div>
                          {t('startupProfile.myCase.location')}：{m.location}
                        </div>
                      ) : null}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Card>
    </div>
  );
}
