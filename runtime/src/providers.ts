import { NETSVC_KINDS } from "./netsvc/provider.js";

/**
 * The provider protocols this runtime implements: the class a generated `Provider` extends, and the
 * resource kinds (tokens) it can create, read, update, delete and import. The generator reads this,
 * so generated code offers exactly what the runtime can do, and nothing that would only throw.
 */
export const PROVIDER_RUNTIMES: Readonly<
  Record<string, { readonly providerClass: string; readonly kinds: readonly string[] }>
> = {
  netsvc: { providerClass: "NetsvcProvider", kinds: NETSVC_KINDS },
};
