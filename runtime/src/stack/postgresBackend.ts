import { StackLockedError, type LockHolder, type StateBackend } from "./backend.js";

/** The part of a `pg` client the backend uses (a `pg.PoolClient` fits): the runtime does not depend on `pg`. */
export interface PgClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  release(): void;
}

/** The part of a `pg.Pool` the backend uses. */
export interface PgPool {
  connect(): Promise<PgClient>;
}

/**
 * State in PostgreSQL, for teams: one row per stack, replaced in a transaction; the lock is a
 * session advisory lock per stack, held on its own connection for the whole run. A second run fails
 * at once naming the holder (recorded beside the lock); a run that dies loses its connection and so
 * its lock, which no one has to clean up.
 */
export function postgresBackend(pool: PgPool, options: { readonly table?: string } = {}): StateBackend {
  const table = options.table ?? "sdkgen_stacks";
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`table name "${table}": lower-case letters, digits and "_"`);
  let ready: Promise<void> | undefined;
  const withClient = async <T>(body: (c: PgClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      return await body(client);
    } finally {
      client.release();
    }
  };
  // Two first runs at once would both create the table (`if not exists` is no guard against a
  // concurrent create): a transaction-scoped advisory lock lets one create it while the other waits.
  const setUp = () =>
    (ready ??= withClient(async (c) => {
      await c.query("begin");
      try {
        await c.query("select pg_advisory_xact_lock(hashtextextended('sdkgen-stack-table:' || $1, 0))", [table]);
        await c.query(
          `create table if not exists ${table} (stack text primary key, state text, holder jsonb, updated_at timestamptz not null default now())`,
        );
        await c.query("commit");
      } catch (e) {
        await c.query("rollback");
        throw e;
      }
    }).catch((e: unknown) => {
      ready = undefined; // a later call tries again
      throw e;
    }));
  // One advisory lock key per stack, in the backend's own key space.
  const lockKey = "hashtextextended('sdkgen-stack:' || $1, 0)";

  /**
   * The holder records itself just after taking the lock, so a run that lost the race by a moment
   * may find no record yet: it looks again briefly before calling the holder unknown.
   */
  const recordedHolder = async (client: PgClient, stack: string): Promise<LockHolder> => {
    for (let attempt = 0; attempt < holderLookups; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, holderLookupMs));
      const { rows } = await client.query(`select holder from ${table} where stack = $1`, [stack]);
      const holder = rows[0]?.holder as LockHolder | null | undefined;
      if (holder) return holder;
    }
    return unknownHolder;
  };

  const where = (stack: string) => `the advisory lock of stack "${stack}" in PostgreSQL table ${table}`;

  return {
    describe: (stack) => `postgres table ${table}, stack ${stack}`,

    async read(stack) {
      await setUp();
      return withClient(async (c) => {
        const { rows } = await c.query(`select state from ${table} where stack = $1`, [stack]);
        const state = rows[0]?.state;
        return typeof state === "string" ? state : undefined;
      });
    },

    async write(stack, text) {
      await setUp();
      await withClient(async (c) => {
        await c.query("begin");
        try {
          await c.query(
            `insert into ${table} (stack, state) values ($1, $2)
             on conflict (stack) do update set state = excluded.state, updated_at = now()`,
            [stack, text],
          );
          await c.query("commit");
        } catch (e) {
          await c.query("rollback");
          throw e;
        }
      });
    },

    async lock(stack, holder) {
      await setUp();
      const client = await pool.connect();
      try {
        const { rows } = await client.query(`select pg_try_advisory_lock(${lockKey}) as locked`, [stack]);
        if (rows[0]?.locked !== true)
          throw new StackLockedError(stack, await recordedHolder(client, stack), where(stack));
        await client.query(
          `insert into ${table} (stack, holder) values ($1, $2)
           on conflict (stack) do update set holder = excluded.holder`,
          [stack, JSON.stringify(holder)],
        );
      } catch (e) {
        client.release();
        throw e;
      }
      return async () => {
        try {
          await client.query(`update ${table} set holder = null where stack = $1`, [stack]);
          await client.query(`select pg_advisory_unlock(${lockKey})`, [stack]);
        } finally {
          client.release();
        }
      };
    },

    // A run's advisory lock ends with its session: one held is a run still connected, never a leftover.
    // What may be left is the holder recorded beside it, which unlock clears once the lock is free.
    async unlock(stack) {
      await setUp();
      await withClient(async (c) => {
        const { rows } = await c.query(`select pg_try_advisory_lock(${lockKey}) as locked`, [stack]);
        if (rows[0]?.locked !== true)
          throw new StackLockedError(
            stack,
            await recordedHolder(c, stack),
            where(stack),
            "Its session is still connected to the database: let that run finish, or end its session (pg_terminate_backend)",
          );
        try {
          await c.query(`update ${table} set holder = null where stack = $1`, [stack]);
        } finally {
          await c.query(`select pg_advisory_unlock(${lockKey})`, [stack]);
        }
      });
    },
  };
}

const holderLookups = 20;
const holderLookupMs = 50;
const unknownHolder: LockHolder = { pid: 0, host: "unknown", since: "unknown", command: "another run" };
