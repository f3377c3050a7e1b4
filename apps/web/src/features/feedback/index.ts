export { formProblems, lengthCounter } from './form-problems.ts';
export { MyReports } from './my-reports.tsx';
export { ReportIssueDialog } from './report-issue-dialog.tsx';
export { ReportWordButton } from './report-word-button.tsx';
