/** A backup or restore that cannot go ahead, with the one line the command prints (exit 1). */
export class BackupError extends Error {}
