import { classroomsEndpoints } from '@vocagarden/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

export function useClassrooms() {
  return useQuery({ queryKey: ['classrooms'], queryFn: () => call(classroomsEndpoints.mine) });
}

export function useClassroom(pin: string) {
  return useQuery({
    queryKey: ['classroom', pin],
    queryFn: () => call(classroomsEndpoints.byPin, { query: { pin } }),
  });
}

export function useClassroomMembers(pin: string) {
  return useQuery({
    queryKey: ['classroom', pin, 'members'],
    queryFn: () => call(classroomsEndpoints.members, { query: { pin } }),
  });
}

export function useClassroomLists(pin: string) {
  return useQuery({
    queryKey: ['classroom', pin, 'lists'],
    queryFn: () => call(classroomsEndpoints.lists, { query: { pin } }),
  });
}

/** What the invite link shows a signed-in visitor who is not (yet) a member. */
export function useClassroomInvite(pin: string) {
  return useQuery({
    queryKey: ['classroom', pin, 'invite'],
    queryFn: () => call(classroomsEndpoints.invite, { query: { pin } }),
  });
}

/** Members' progress on one shared list: every member for the admin, the caller's own row otherwise. */
export function useListProgress(pin: string, bulletinId: number | undefined) {
  return useQuery({
    queryKey: ['classroom', pin, 'progress', bulletinId],
    queryFn: () => call(classroomsEndpoints.listProgress, { query: { pin, bulletin_id: bulletinId! } }),
    enabled: bulletinId !== undefined,
  });
}

/** Any change refreshes the classroom overview and every open classroom. */
function useClassroomMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['classrooms'] }),
        client.invalidateQueries({ queryKey: ['classroom'] }),
      ]),
  });
}

export const useCreateClassroom = () =>
  useClassroomMutation((body: { name: string; description: string }) => call(classroomsEndpoints.create, { body }));
export const useUpdateClassroom = () =>
  useClassroomMutation(({ id, ...body }: { id: number; name: string; description: string }) =>
    call(classroomsEndpoints.update, { params: { id }, body }),
  );
export const useDeleteClassroom = () =>
  useClassroomMutation((id: number) => call(classroomsEndpoints.remove, { params: { id } }));
export const useJoinClassroom = () =>
  useClassroomMutation((pin: string) => call(classroomsEndpoints.join, { body: { pin } }));
export const useLeaveClassroom = () =>
  useClassroomMutation((id: number) => call(classroomsEndpoints.leave, { body: { id } }));
export const useManageShared = () =>
  useClassroomMutation((body: { pin: string; checked_items: number[] }) =>
    call(classroomsEndpoints.manageShared, { body }),
  );
