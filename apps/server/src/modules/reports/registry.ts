import type { ReportType } from '@spotter/shared';
import { activityReports } from './activity-reports';
import { memberReports } from './member-reports';
import { moneyReports } from './money-reports';
import type { ReportImpl } from './report-context';

/** Issue 21: every report's implementation, by type (money, member and activity reports each in their own module). */
export const reportImpls: Partial<Record<ReportType, ReportImpl>> = { ...moneyReports, ...memberReports, ...activityReports };
