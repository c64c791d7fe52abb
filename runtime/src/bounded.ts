/**
 * Every error message and log line is bounded: a program or a service may hand the SDK a value of any
 * size (a 20 MB name echoed back in an error), and a message that size is unreadable and costly.
 */

/** The longest a message quotes one thing: a name, an id, a path, a service's words. */
export const MAX_QUOTED = 1_000;

/** The longest a whole error message or log line is. */
export const MAX_MESSAGE = 4_000;

/** `text` cut to `max` characters, with what is cut counted (`… 20,011,200 more characters`). */
export function bounded(text: string, max: number = MAX_QUOTED): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}… ${(text.length - max).toLocaleString("en-US")} more characters`;
}
