/** Case conversions shared by every stage, so names derive the same way everywhere. */

export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/** `text` with its first letter in upper case. */
export const capital = (text: string): string => text[0]!.toUpperCase() + text.slice(1);

/** Names converted so far: every stage converts the same few thousand names, many times each. */
const pascals = new Map<string, string>();

export const pascal = (name: string): string => {
  let p = pascals.get(name);
  if (p === undefined) pascals.set(name, (p = words(name).map(capital).join("")));
  return p;
};

export const camel = (name: string): string => {
  const p = pascal(name);
  return p[0]!.toLowerCase() + p.slice(1);
};

export const snake = (name: string): string =>
  words(name)
    .map((w) => w.toLowerCase())
    .join("_");

/** The key two names collide on: case and separators ignored. */
export const collisionKey = (name: string): string => name.replace(/[^A-Za-z0-9]/g, "").toLowerCase();

export type WireCase = "camel" | "pascal" | "snake";

export function toWireCase(name: string, wireCase: WireCase): string {
  if (wireCase === "pascal") return capital(name);
  if (wireCase === "snake") return snake(name);
  return name;
}
