import { type ClientSummary, formatMoney, formatMoneyCompact } from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NextTodo, StageAge } from '../../../shared/board/CardParts.tsx';
import { useLabel } from '../../../shared/i18n/label.ts';
import { ExpiryBadge } from './ExpiryBadge.tsx';

/** The face of a client card: name (a link to the client), tier, owner, check size, time in stage, expiry, next to-do. */
export function ClientCardBody({ item }: { item: ClientSummary }) {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <>
      <Link to={`/dashboard/investor/${item.id}`} className="board-card__name" title={item.name}>
        {item.name}
      </Link>
      <div className="board-card__meta">
        <span className="board-card__tier" title={label('membership', item.membership)}>
          {label('membership', item.membership)}
        </span>
      </div>
      <div className="board-card__meta">
        <span>{item.employee?.name ?? t('clientList.noOwner')}</span>
        <ExpiryBadge expiryAt={item.expiry_at} />
      </div>
      <div className="board-card__meta">
        {item.check_size !== null && (
          <strong className="board-card__money" title={formatMoney(item.check_size, item.currency)}>
            {formatMoneyCompact(item.check_size, item.currency)}
          </strong>
        )}
        <StageAge since={item.stage_entered_at} />
      </div>
      <NextTodo todo={item.next_todo} />
    </>
  );
}
