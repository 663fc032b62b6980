import type {
  LegalDocument,
  LegalDocumentBatch,
  LegalDocumentBatchCreateBody,
  LegalDocumentCreateBody,
  LegalDocumentVerification,
  LegalDocumentVoidBody,
} from '@dealflow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { api } from '../../../shared/api/index.ts';
import { caseKeys } from '../../cases/api/casesApi.ts';

interface Data<T> {
  data: T;
}
interface Page<T> {
  result: T[];
  count: number;
}

export const documentPdfPath = (id: number, signed = false) =>
  `/api/internal/v1/documents/${id}/pdf${signed ? '?signed=1' : ''}`;

export const legalDocKeys = {
  all: ['legalDocs'] as const,
  case: (caseId: number, page: number) => ['legalDocs', 'case', caseId, page] as const,
  verify: (id: number) => ['legalDocs', 'verify', id] as const,
  batch: (id: number) => ['legalDocs', 'batch', id] as const,
};

export function useCaseDocuments(caseId: number, page: number) {
  return useQuery({
    queryKey: legalDocKeys.case(caseId, page),
    queryFn: async () =>
      (
        await api.get<Data<Page<LegalDocument>>>(`/api/internal/v1/cases/${caseId}/documents`, {
          query: { page, size: 20 },
        })
      ).data,
  });
}

/** After any write: the case's documents and its history go stale. */
function useInvalidate(caseId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: legalDocKeys.all });
    void queryClient.invalidateQueries({ queryKey: caseKeys.log(caseId) });
  };
}

export function useGenerateDocument(caseId: number) {
  const invalidate = useInvalidate(caseId);
  return useMutation({
    mutationFn: async (body: LegalDocumentCreateBody) =>
      (await api.post<Data<LegalDocument>>(`/api/internal/v1/cases/${caseId}/documents`, body)).data,
    onSuccess: invalidate,
  });
}

export function useSendDocument(caseId: number) {
  const invalidate = useInvalidate(caseId);
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.post<Data<LegalDocument>>(`/api/internal/v1/documents/${id}/send`)).data,
    onSuccess: invalidate,
  });
}

export function useVoidDocument(caseId: number) {
  const invalidate = useInvalidate(caseId);
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: LegalDocumentVoidBody }) =>
      (await api.post<Data<LegalDocument>>(`/api/internal/v1/documents/${id}/void`, body)).data,
    onSuccess: invalidate,
  });
}

export function useVerifyDocument(id: number | null) {
  return useQuery({
    queryKey: legalDocKeys.verify(id ?? 0),
    queryFn: async () =>
      (await api.get<Data<LegalDocumentVerification>>(`/api/internal/v1/documents/${id}/verify`)).data,
    enabled: id !== null,
    gcTime: 0,
  });
}

/** Queues a batch (202): the server's job queue generates the documents. */
export function useCreateDocumentBatch(caseId: number) {
  return useMutation({
    mutationFn: async (body: z.input<typeof LegalDocumentBatchCreateBody>) =>
      (await api.post<Data<LegalDocumentBatch>>(`/api/internal/v1/cases/${caseId}/documents/batch`, body))
        .data,
  });
}

/** How far a batch is: read every second until it is done. */
export function useDocumentBatch(id: number | null) {
  return useQuery({
    queryKey: legalDocKeys.batch(id ?? 0),
    queryFn: async () =>
      (await api.get<Data<LegalDocumentBatch>>(`/api/internal/v1/document-batches/${id}`)).data,
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : 1000),
    gcTime: 0,
  });
}

/** A finished batch made documents: the case's list and history go stale (a stable callback, for an effect). */
export function useBatchFinished(caseId: number) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: legalDocKeys.all });
    void queryClient.invalidateQueries({ queryKey: caseKeys.log(caseId) });
  }, [queryClient, caseId]);
}
