import type {
  InvestorCaseCard,
  InvestorCaseComment,
  MyQuestionBody,
  InvestorCaseDetail,
  InvestorCaseListQuery,
  LegalDocument,
  MyDocumentCreateBody,
  MyInterest,
  MyInterestBody,
} from '@dealflow/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { legalDocKeys } from '../../legalDocs/api/legalDocsApi.ts';

interface Data<T> {
  data: T;
}
interface Page<T> {
  result: T[];
  count: number;
}

const base = '/api/internal/v1/me/cases';

export const investorCaseKeys = {
  all: ['investorCases'] as const,
  list: (query: InvestorCaseListQuery) => ['investorCases', 'list', query] as const,
  detail: (id: number) => ['investorCases', 'detail', id] as const,
  documents: (id: number) => ['investorCases', 'documents', id] as const,
};

/** The cases the investor may see (the server applies the tier rule). */
export function useMyCases(query: InvestorCaseListQuery) {
  return useQuery({
    queryKey: investorCaseKeys.list(query),
    queryFn: async () => (await api.get<Data<Page<InvestorCaseCard>>>(base, { query })).data,
    placeholderData: keepPreviousData,
  });
}

export function useMyCase(id: number) {
  return useQuery({
    queryKey: investorCaseKeys.detail(id),
    queryFn: async () => (await api.get<Data<InvestorCaseDetail>>(`${base}/${id}`)).data,
    enabled: id > 0,
  });
}

export function useMyCaseDocuments(id: number) {
  return useQuery({
    queryKey: investorCaseKeys.documents(id),
    queryFn: async () => (await api.get<Data<LegalDocument[]>>(`${base}/${id}/documents`)).data,
  });
}

/** After a signature or a new document: the case (its mask) and every document list go stale. */
export function useInvalidateMyCase() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: investorCaseKeys.all });
    void queryClient.invalidateQueries({ queryKey: legalDocKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['dataRoom'] });
  };
}

export function useGenerateMyDocument(id: number) {
  const invalidate = useInvalidateMyCase();
  return useMutation({
    mutationFn: async (body: MyDocumentCreateBody) =>
      (await api.post<Data<LegalDocument>>(`${base}/${id}/documents`, body)).data,
    onSuccess: invalidate,
  });
}

export function useRegisterInterest(id: number) {
  const invalidate = useInvalidateMyCase();
  return useMutation({
    mutationFn: async (body: MyInterestBody) =>
      (await api.put<Data<MyInterest>>(`${base}/${id}/interest`, body)).data,
    onSuccess: invalidate,
  });
}

export function useWithdrawInterest(id: number) {
  const invalidate = useInvalidateMyCase();
  return useMutation({
    mutationFn: async () => api.delete(`${base}/${id}/interest`),
    onSuccess: invalidate,
  });
}

export function useMyCaseComments(id: number) {
  return useQuery({
    queryKey: ['investorCases', 'comments', id] as const,
    queryFn: async () => (await api.get<Data<InvestorCaseComment[]>>(`${base}/${id}/comments`)).data,
  });
}

export function useAskQuestion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MyQuestionBody) =>
      (await api.post<Data<InvestorCaseComment>>(`${base}/${id}/comments`, body)).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['investorCases', 'comments', id] }),
  });
}
