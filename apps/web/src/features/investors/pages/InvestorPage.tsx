import { useParams } from 'react-router';
import { isPositiveId, requireParam } from '../../../shared/errors.ts';
import { ClientPage } from '../../clients/components/ClientPage.tsx';

/** /dashboard/investor/:id: one investor client (the page guards on its contact stage once loaded). */
export function InvestorPage() {
  const id = Number(requireParam(useParams().id, isPositiveId));
  return <ClientPage id={id} />;
}
