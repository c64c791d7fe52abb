/** Who holds a stack's lock: shown to whoever finds it taken. */
export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
  readonly command: string;
}

/**
 * Where a stack's state lives: its text, written whole, and a lock so that two runs never apply to
 * the same stack at once.
 */
export interface StateBackend {
  /** Where, for messages (`file ./state/prod.json`). */
  describe(stack: string): string;
  read(stack: string): Promise<string | undefined>;
  /** Replaces the state as one step: a reader sees the old text or the new, never part of one. */
  write(stack: string, text: string): Promise<void>;
  /** Takes the stack's lock, or throws StackLockedError naming its holder; resolves to its release. */
  lock(stack: string, holder: LockHolder): Promise<() => Promise<void>>;
  /**
   * Releases a lock whose run is gone (killed, or its machine lost); throws StackLockedError while its
   * holder may still run. A lock nobody holds is left as it is.
   */
  unlock(stack: string): Promise<void>;
}

export class StackLockedError extends Error {
  override name = "StackLockedError";

  constructor(
    readonly stackName: string,
    readonly holder: LockHolder,
    /** The lock itself: its file, or PostgreSQL table and stack. */
    readonly lock: string,
    /** Why the lock cannot be released now (unlock refused), or undefined for a run that found it taken. */
    refusal?: string,
  ) {
    super(
      `stack "${stackName}" is locked by pid ${holder.pid} on ${holder.host} since ${holder.since} (${holder.command}); the lock is ${lock}. ` +
        (refusal ??
          "Wait for that run to end; if it is gone (killed, or its machine lost), release the lock with the program's `unlock` command"),
    );
  }
}
