import type { ModerationEntry, ModerationStatsResponse, ModerationTarget, Report } from '@mentora/contract';
import type { ModerationEntryRow, ReportRow } from '../db/schema.js';
import { queueScore } from './policy.js';
import type { TargetFacts } from './targets.js';

/** A report as its reporter gets it back. */
export function presentReport(row: ReportRow, entry: { targetType: Report['targetType']; targetId: string }): Report {
  return {
    _id: row.id,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: row.reason,
    note: row.note,
    entryId: row.entryId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface QueueReportRow {
  report: ReportRow;
  reporter: { id: string; name: string };
}

export function presentTarget(target: TargetFacts): ModerationTarget {
  const { hidden: _hidden, membersOf: _membersOf, ...shown } = target;
  return shown;
}

/** The score of an entry now, from its row and how many distinct people reported it. */
export function scoreOf(row: ModerationEntryRow, reporters: number, now = Date.now()): number {
  return queueScore({
    reporters,
    autoFlag: row.autoFlag !== null,
    severe: row.severe,
    ageHours: (now - row.createdAt.getTime()) / 3_600_000,
  });
}

/** One queue entry as admins read it: the content in context, every report, the author's record. */
export function presentEntry(
  row: ModerationEntryRow,
  target: TargetFacts | undefined,
  reports: QueueReportRow[],
  author: ModerationEntry['author'],
): ModerationEntry {
  return {
    _id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    target: target ? presentTarget(target) : null,
    reports: reports.map(({ report, reporter }) => ({
      _id: report.id,
      reporter: { _id: reporter.id, name: reporter.name },
      reason: report.reason,
      note: report.note,
      createdAt: report.createdAt.toISOString(),
      updatedAt: report.updatedAt.toISOString(),
    })),
    autoFlag: row.autoFlag === null ? null : { reason: row.autoFlag, severe: row.severe },
    score: Math.round(scoreOf(row, reports.length) * 100) / 100,
    status: row.status,
    hidden: target?.hidden ?? false,
    author,
    createdAt: row.createdAt.toISOString(),
    resolution:
      row.resolvedAction && row.resolvedAt
        ? {
            action: row.resolvedAction,
            reason: row.resolvedReason,
            by: { _id: row.resolvedById, name: row.resolvedByName },
            at: row.resolvedAt.toISOString(),
          }
        : null,
  };
}

/** Counts per UTC day ('YYYY-MM-DD' → n) of each figure the stats show. */
export interface DayCounts {
  reports: Map<string, number>;
  autoFlags: Map<string, number>;
  decisions: Map<string, number>;
}

/** Every day from `since` on, oldest first, with zeros on quiet days so the chart has no gaps. */
export function presentStats(
  since: Date,
  days: number,
  counts: DayCounts,
  medianHours: number | null,
): ModerationStatsResponse {
  return {
    days: Array.from({ length: days }, (_, i) => {
      const date = new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      return {
        date,
        reports: counts.reports.get(date) ?? 0,
        autoFlags: counts.autoFlags.get(date) ?? 0,
        decisions: counts.decisions.get(date) ?? 0,
      };
    }),
    medianDecisionHours: medianHours === null ? null : Math.round(medianHours * 10) / 10,
  };
}
