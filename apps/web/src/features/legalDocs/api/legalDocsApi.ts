import type {
  CaseRecusal,
  ConflictDeclaration,
  LegalDocument,
  LegalDocumentBatch,
  LegalDocumentBatchCreateBody,
  LegalDocumentCreateBody,
  LegalDocumentVerification,
  LegalDocumentVoidBody,
  SignConfirmBody,
  SignStart,
  SignStartBody,
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

/** The signer's own copy of a document (the investor area): opening the one to sign is recorded. */
export const myDocumentPdfPath = (id: number, signed = false) =>
  `/api/internal/v1/me/documents/${id}/pdf${signed ? '?signed=1' : ''}`;

/** Whose side a document is read from: staff (the case's documents) or its signer. */
export type DocumentSide = 'staff' | 'signer';
const base = (side: DocumentSide) =>
  side === 'staff' ? '/api/internal/v1/documents' : '/api/internal/v1/me/documents';

export const legalDocKeys = {
  all: ['legalDocs'] as const,
  case: (caseId: number, page: number) => ['legalDocs', 'case', caseId, page] as const,
  recusals: (caseId: number) => ['legalDocs', 'recusals', caseId] as const,
  mine: (page: number) => ['legalDocs', 'mine', page] as const,
  verify: (side: DocumentSide, id: number) => ['legalDocs', 'verify', side, id] as const,
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

export function useVerifyDocument(id: number | null, side: DocumentSide = 'staff') {
  return useQuery({
    queryKey: legalDocKeys.verify(side, id ?? 0),
    queryFn: async () => (await api.get<Data<LegalDocumentVerification>>(`${base(side)}/${id}/verify`)).data,
    enabled: id !== null,
    gcTime: 0,
  });
}

/** The documents sent to the signed-in investor, waiting for their signature first. */
export function useMyDocuments(page: number) {
  return useQuery({
    queryKey: legalDocKeys.mine(page),
    queryFn: async () =>
      (
        await api.get<Data<Page<LegalDocument>>>('/api/internal/v1/me/documents', {
          query: { page, size: 20 },
        })
      ).data,
  });
}

/** Consent and the typed (or drawn) name: a code is mailed. */
export function useStartSigning(id: number) {
  return useMutation({
    mutationFn: async (body: SignStartBody) =>
      (await api.post<Data<SignStart>>(`/api/internal/v1/me/documents/${id}/sign/start`, body)).data,
  });
}

/** The mailed code signs the document. */
export function useConfirmSigning(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignConfirmBody) =>
      (await api.post<Data<LegalDocument>>(`/api/internal/v1/me/documents/${id}/sign/confirm`, body)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: legalDocKeys.all }),
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

/**
 * The signer of a COI declares (or changes) "no conflict" or a conflict with its description: the
 * server lays the PDF out again, so it must be read again before a code is asked for.
 */
export function useDeclareConflict(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ConflictDeclaration) =>
      (await api.put<Data<LegalDocument>>(`/api/internal/v1/me/documents/${id}/declaration`, body)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: legalDocKeys.all }),
  });
}

/** The investors recused on a case by a signed COI declaring a conflict (staff who read cases). */
export function useCaseRecusals(caseId: number, enabled = true) {
  return useQuery({
    queryKey: legalDocKeys.recusals(caseId),
    queryFn: async () =>
      (await api.get<Data<CaseRecusal[]>>(`/api/internal/v1/cases/${caseId}/recusals`)).data,
    enabled,
  });
}
