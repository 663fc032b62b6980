import { useParams } from 'react-router';
import { isPositiveId, PageNotFoundError, requireParam } from '../../../shared/errors.ts';
import { useIndustryKeys } from '../api/investorIndustryApi.ts';

/**
 * The industry a `/investor/industry[/detail]/:id` route names: its place in the static key list.
 * A malformed id, or one past the list once it has loaded, is the 404 page.
 */
export function useIndustryParam() {
  const id = Number(requireParam(useParams().id, isPositiveId));
  const industries = useIndustryKeys();
  const industry = industries.keys.find((k) => k.id === id);
  if (industries.isSuccess && !industry) throw new PageNotFoundError();
  return { id, industry, query: industries };
}
