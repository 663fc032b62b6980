import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffUser } from '@dealflow/domain';
import { WorkLogList } from '../../workLogs/components/WorkLogList.tsx';
import '../../workLogs/workLogs.css';

/** 工作紀錄: the calls, meetings and visits colleagues logged on this case; anyone who reads it adds theirs. */
export function WorkLogsTab({ caseId, user, canAdd }: { caseId: number; user: StaffUser; canAdd: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <WorkLogList
      caseId={caseId}
      page={page}
      onPage={setPage}
      viewer={user}
      canAdd={canAdd}
      showCase={false}
      emptyText={t('workLogs.emptyCase')}
    />
  );
}
