-- Rosters (issue #25): a learner taken off a class by its mentor or an admin is told, as a notification
-- of a new kind. The value is only added here, never used in this transaction (PostgreSQL forbids using
-- an enum value in the transaction that adds it). Nothing else changes: the enrolment date the roster
-- shows is enrollments.created_at, there since 0000.
ALTER TYPE "public"."notification_kind" ADD VALUE 'removed_from_class';
