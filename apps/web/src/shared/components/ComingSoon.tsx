import { Card, Empty, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** An honest placeholder for a page a later issue fills: the title, and no invented data. */
export function ComingSoon({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="page-section" aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title" className="page-title">
        {title}
      </Typography.Title>
      {extra}
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text strong>{t('common.comingSoon')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('common.comingSoonHint')}</Typography.Text>
            </>
          }
        />
      </Card>
    </section>
  );
}
