import { formatMoneyCompact, type InvestorCaseCard } from '@dealflow/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A case as a card of the investor's list: the whole card is the link to its detail. Drawn in our
 * CSS (antd's Card brings its tabs, and those their overflow menu, to the phone's first load; antd's
 * Avatar brings Avatar.Group's popover and tooltip).
 */
export function InvestorCaseCardView({
  item,
  domainLabel,
}: {
  item: InvestorCaseCard;
  domainLabel: (key: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <Link to={`/investor/cases/detail/${item.id}`} className="icase-card__link" data-tour="case-card">
      <div className="icase-card">
        <div className="icase-card__head">
          <span className="icase-card__logo" aria-hidden>
            {item.access.masked ? '?' : item.name.slice(0, 1)}
          </span>
          <div className="icase-card__title">
            <strong className="icase-card__name">{item.name}</strong>
            <div className="icase-card__tags">
              <Tag color="gold">{t(`caseStages.${item.status}`)}</Tag>
              {item.round ? <Tag>{item.round}</Tag> : null}
              {item.access.masked ? <Tag color="default">{t('investorCases.masked')}</Tag> : null}
            </div>
          </div>
        </div>
        <p className="icase-card__headline">{item.headline ?? t('investorCases.noOverview')}</p>
        <div className="icase-card__foot">
          <span>
            <span className="icase-card__label">{t('investorCases.raising')}</span>{' '}
            <strong>
              {item.fund_raising === null
                ? t('investorCases.notSet')
                : formatMoneyCompact(item.fund_raising, item.currency)}
            </strong>
          </span>
          {item.interest ? <Tag color="green">{t('investorCases.interested')}</Tag> : null}
        </div>
        {item.domain_keys.length > 0 ? (
          <div className="icase-card__domains">
            {item.domain_keys.slice(0, 4).map((k) => (
              <Tag key={k} bordered={false}>
                {domainLabel(k)}
              </Tag>
            ))}
          </div>
        ) : null}
      </div>
    </Link>
  );
}
