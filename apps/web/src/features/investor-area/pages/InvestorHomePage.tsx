import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/session/index.ts';
import { HomeNewCasesCard } from '../../investorCases/components/HomeNewCasesCard.tsx';
import { HomeDocumentsCard } from '../../investorHome/components/HomeDocumentsCard.tsx';
import { HomeEventsCard } from '../../investorHome/components/HomeEventsCard.tsx';
import { HomeMessagesCard } from '../../investorHome/components/HomeMessagesCard.tsx';
import { HomePortfolioCard } from '../../investorHome/components/HomePortfolioCard.tsx';
import '../../investorHome/investorHome.css';

/** /investor: what needs the investor now, and what their portfolio is worth. */
export function InvestorHomePage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const name = session?.strategy === 'investor' ? session.user.name : '';
  return (
    <section className="page-section" aria-labelledby="page-title">
      <div className="page-header">
        <div>
          <Typography.Title level={3} id="page-title" className="page-title">
            {t('investorHome.greeting', { name })}
          </Typography.Title>
          <Typography.Text type="secondary">{t('investorHome.subtitle')}</Typography.Text>
        </div>
      </div>
      <div className="investor-home">
        <HomeDocumentsCard />
        <HomeMessagesCard />
        <HomeNewCasesCard />
        <HomeEventsCard />
        <HomePortfolioCard />
      </div>
    </section>
  );
}
