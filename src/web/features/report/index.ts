// The report feature's public surface (pages import from here). Pages that must stay light (home)
// import api/get-account.ts directly: the view below pulls in the whole report.
export { accountQueryOptions, getAccount, primeAccount, useAccount } from "./api/get-account";
export { refreshAccount, useRefreshAccount } from "./api/refresh-account";
export { AccountReport, type AccountReportProps } from "./components/account-report";
export { ProvenanceMark } from "./components/provenance-mark";
export { ReportView, type ReportViewProps } from "./components/report-view";
export { FALLBACK_TEXT } from "./lib/report-fields";
