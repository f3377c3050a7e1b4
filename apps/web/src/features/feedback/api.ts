import { analyticsEndpoints, feedbackEndpoints, type EndpointInput } from '@vocagarden/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

const myReportsQueryKey = ['issue-reports', 'mine'] as const;

export type IssueReportInput = NonNullable<EndpointInput<typeof analyticsEndpoints.issueReport>['body']>;

/** The signed-in learner's own reports, newest first. */
export function useMyIssueReports() {
  return useQuery({ queryKey: myReportsQueryKey, queryFn: () => call(feedbackEndpoints.myIssueReports) });
}

/** Sends a report; the learner's list of reports then shows it. */
export function useReportIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueReportInput) => call(analyticsEndpoints.issueReport, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myReportsQueryKey }),
  });
}
