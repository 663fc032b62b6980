import type {
  CaseContractConfig,
  CaseContractConfigBody,
  ContractConfigBody,
  ContractConfigView,
  ContractPreviewBody,
} from '@dealflow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { postForBytes } from '../../../shared/api/transfer.ts';

const CONFIG = '/api/internal/v1/config/contact';
const caseConfigPath = (caseId: number) => `/api/internal/v1/cases/${caseId}/contract-config`;

interface Data<T> {
  data: T;
}

export const contractKeys = {
  all: ['contractConfig'] as const,
  default: ['contractConfig', 'default'] as const,
  case: (caseId: number) => ['contractConfig', 'case', caseId] as const,
};

/** The default contract configuration (SPEC section 7 `config/contact`). */
export function useContractConfig() {
  return useQuery({
    queryKey: contractKeys.default,
    queryFn: async () => (await api.get<Data<ContractConfigView>>(CONFIG)).data,
  });
}

/** Saves the default; every case's effective configuration goes stale with it. */
export function useSaveContractConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ContractConfigBody) =>
      (await api.put<Data<ContractConfigView>>(CONFIG, body)).data,
    onSuccess: (view) => {
      queryClient.setQueryData(contractKeys.default, view);
      void queryClient.invalidateQueries({ queryKey: ['contractConfig', 'case'] });
    },
  });
}

export function useCaseContractConfig(caseId: number | null) {
  return useQuery({
    queryKey: contractKeys.case(caseId ?? 0),
    queryFn: async () => (await api.get<Data<CaseContractConfig>>(caseConfigPath(caseId ?? 0))).data,
    enabled: caseId !== null,
  });
}

export function useSaveCaseContractConfig(caseId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CaseContractConfigBody) =>
      (await api.put<Data<CaseContractConfig>>(caseConfigPath(caseId ?? 0), body)).data,
    onSuccess: (view) => queryClient.setQueryData(contractKeys.case(view.case_id), view),
  });
}

/** One document as PDF from the form as it is (not saved), for a sample signer. */
export function loadContractPreviewPdf(body: ContractPreviewBody, signal: AbortSignal) {
  return postForBytes(`${CONFIG}/preview`, body, signal);
}
