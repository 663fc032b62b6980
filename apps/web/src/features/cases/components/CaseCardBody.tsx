import { type CaseSummary, formatMoney, formatMoneyCompact } from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewApplicationTag } from '../../registration/components/NewApplicationTag.tsx';
import { NextTodo, StageAge } from '../../../shared/board/CardParts.tsx';

/** The face of a case card: name (a link to the case), AO, round, amount, time in stage, next to-do. */
export function CaseCardBody({ item }: { item: CaseSummary }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to={`/dashboard/manager/${item.id}`} className="board-card__name" title={item.name}>
        {item.name}
      </Link>
      <div className="board-card__meta">
        <span>{item.ao?.name ?? t('cases.manager.noAo')}</span>
        <NewApplicationTag pending={item.application_status === 'pending' && item.status === 'draft'} />
        {item.round && <span className="board-card__round">{item.round}</span>}
      </div>
      <div className="board-card__meta">
        {item.fund_raising !== null && (
          <strong className="board-card__money" title={formatMoney(item.fund_raising, item.currency)}>
            {formatMoneyCompact(item.fund_raising, item.currency)}
          </strong>
        )}
        <StageAge since={item.stage_entered_at} />
      </div>
      <NextTodo todo={item.next_todo} />
    </>
  );
}
