import { CheckSquareOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStaffUser } from '../../auth/session/index.ts';
import { useOpenTodoCount } from '../api/todoCentreApi.ts';
import '../todoCentre.css';

/** The header's way to the to-do centre, with how many of one's to-dos are open: one link, named with the count. */
export function TodoBadge() {
  const { t } = useTranslation();
  const me = useStaffUser();
  const open = useOpenTodoCount(me.id);
  const count = open.data ?? 0;
  return (
    <Link to="/dashboard/todo" className="todo-badge" aria-label={t('todoCentre.badge', { count })}>
      <Badge count={count} size="small" overflowCount={99} color="#b42318">
        <CheckSquareOutlined aria-hidden className="todo-badge__icon" />
      </Badge>
    </Link>
  );
}
