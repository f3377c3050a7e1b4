import { apiPaths, type Classroom, type ClassroomList, type ClassroomMember } from '@vocagarden/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

const classroomPath = (id: number) => apiPaths.classroom.replace(':id', String(id));
const byPin = (path: string, pin: string) => `${path}?pin=${encodeURIComponent(pin)}`;

export function useClassrooms() {
  return useQuery({ queryKey: ['classrooms'], queryFn: () => api.get<Classroom[]>(apiPaths.classrooms) });
}

export function useClassroom(pin: string) {
  return useQuery({
    queryKey: ['classroom', pin],
    queryFn: () => api.get<Classroom>(byPin(apiPaths.classroomByPin, pin)),
  });
}

export function useClassroomMembers(pin: string) {
  return useQuery({
    queryKey: ['classroom', pin, 'members'],
    queryFn: () => api.get<ClassroomMember[]>(byPin(apiPaths.classroomMembers, pin)),
  });
}

export function useClassroomLists(pin: string) {
  return useQuery({
    queryKey: ['classroom', pin, 'lists'],
    queryFn: () => api.get<ClassroomList[]>(byPin(apiPaths.classroomLists, pin)),
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
  useClassroomMutation((body: { name: string; description: string }) => api.post<Classroom>(apiPaths.classrooms, body));
export const useUpdateClassroom = () =>
  useClassroomMutation(({ id, ...body }: { id: number; name: string; description: string }) =>
    api.patch<Classroom>(classroomPath(id), body),
  );
export const useDeleteClassroom = () => useClassroomMutation((id: number) => api.delete(classroomPath(id)));
export const useJoinClassroom = () =>
  useClassroomMutation((pin: string) => api.post<Classroom>(apiPaths.classroomJoin, { pin }));
export const useLeaveClassroom = () => useClassroomMutation((id: number) => api.post(apiPaths.classroomLeave, { id }));
export const useManageShared = () =>
  useClassroomMutation((body: { pin: string; checked_items: number[] }) =>
    api.post<ClassroomList[]>(apiPaths.classroomManageShared, body),
  );
