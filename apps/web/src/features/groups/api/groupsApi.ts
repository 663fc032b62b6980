import type { Group, GroupCreateBody, GroupJoinResult, GroupMember, GroupUpdateBody } from '@dealflow/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

const BASE = '/api/internal/v1/groups';

interface ListPage<T> {
  data: { result: T[]; count: number };
}
interface One<T> {
  data: T;
}

/** One page of a list: search, sort (`field:asc|desc`) and paging all run on the server. */
export interface GroupListRequest {
  q?: string | undefined;
  sort?: string | undefined;
  page: number;
  size: number;
}
export type MemberListRequest = Omit<GroupListRequest, 'q'>;

export const groupKeys = {
  all: ['groups'] as const,
  lists: () => ['groups', 'list'] as const,
  list: (request: GroupListRequest) => ['groups', 'list', request] as const,
  one: (id: number) => ['groups', 'one', id] as const,
  members: (id: number, request: MemberListRequest) => ['groups', 'one', id, 'members', request] as const,
};

/** `enabled: false` waits (a picker asks once it is opened). */
export function useGroups(request: GroupListRequest, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: groupKeys.list(request),
    queryFn: async ({ signal }) =>
      (await api.get<ListPage<Group>>(BASE, { query: { ...request }, signal })).data,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useGroup(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: groupKeys.one(id),
    queryFn: async ({ signal }) => (await api.get<One<Group>>(`${BASE}/${id}`, { signal })).data,
    enabled: options.enabled ?? true,
  });
}

export function useGroupMembers(id: number, request: MemberListRequest, options: { enabled: boolean }) {
  return useQuery({
    queryKey: groupKeys.members(id, request),
    queryFn: async ({ signal }) =>
      (await api.get<ListPage<GroupMember>>(`${BASE}/${id}/clients`, { query: { ...request }, signal })).data,
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** Any write changes names, counts or "last updated" somewhere: every group query is refetched. */
function useInvalidateGroups() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: groupKeys.all });
}

export function useCreateGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: async (body: GroupCreateBody) => (await api.post<One<Group>>(BASE, body)).data,
    // Not awaited: the form closes (and the new group's page opens) while the lists refresh.
    onSuccess: () => void invalidate(),
  });
}

export function useUpdateGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: GroupUpdateBody }) =>
      (await api.put<One<Group>>(`${BASE}/${id}`, body)).data,
    onSuccess: invalidate,
  });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`${BASE}/${id}`);
      return id;
    },
    onSuccess: async (id) => {
      // The group's own queries would only answer 404 now.
      queryClient.removeQueries({ queryKey: groupKeys.one(id) });
      await queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
    },
  });
}

export function useJoinGroup(groupId: number) {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: async (clientId: number) =>
      (await api.post<One<GroupJoinResult>>(`${BASE}/${groupId}/join`, { client_id: clientId })).data,
    onSuccess: invalidate,
  });
}

export function useRemoveFromGroup(groupId: number) {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: async (clientId: number) => {
      await api.delete(`${BASE}/${groupId}/remove`, { body: { client_id: clientId } });
    },
    onSuccess: invalidate,
  });
}
