/**
 * The virtual clock both emulators run on: everything time-based in them (provisioning, token and
 * credential expiry, contract terms, release states, signature timestamps) reads it, so a test can jump
 * ahead (`advance`) or let time run faster than real time (`setSpeed`).
 */
export interface VirtualClock {
  /** Current virtual time, epoch milliseconds. */
  now(): number;
  /** Jump ahead by `ms` (must be >= 0). */
  advance(ms: number): void;
  /** Virtual milliseconds per real millisecond: 0 freezes time, 1 is real time, 1000 runs a minute in 60 ms. */
  setSpeed(factor: number): void;
  readonly speed: number;
}

export interface ClockOptions {
  /** Virtual time at start-up, epoch ms. Default: the real time at start-up. */
  start?: number;
  /** Default 1 (virtual time flows like real time). Use 0 for fully deterministic tests. */
  speed?: number;
}

export function createClock(options: ClockOptions = {}): VirtualClock {
  let speed = checkSpeed(options.speed ?? 1);
  // The clock is "anchor + (real elapsed since anchor) * speed"; changing the speed re-anchors so time never jumps.
  let anchorVirtual = options.start ?? Date.now();
  let anchorReal = performance.now();

  const now = (): number => Math.floor(anchorVirtual + (performance.now() - anchorReal) * speed);

  return {
    now,
    advance(ms: number): void {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`clock.advance needs a finite ms >= 0 (got ${ms})`);
      anchorVirtual += ms;
    },
    setSpeed(factor: number): void {
      anchorVirtual = now();
      anchorReal = performance.now();
      speed = checkSpeed(factor);
    },
    get speed() {
      return speed;
    },
  };
}

function checkSpeed(factor: number): number {
  if (!Number.isFinite(factor) || factor < 0) throw new RangeError(`clock speed must be a finite number >= 0`);
  return factor;
}
