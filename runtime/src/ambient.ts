/**
 * The two platform types the public declarations name, declared empty so they merge with Node's
 * (`@types/node`) or the DOM's full declarations when a program has them, and still resolve when it
 * has neither: a program type-checks against these packages without `@types/node`.
 */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AbortSignal {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface URL {}
}

export {};
