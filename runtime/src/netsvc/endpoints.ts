/** API base and OAuth token URL per environment (wire reference §1.1). */
export const ENVIRONMENTS = {
  production: { api: "https://api.megaport.com", token: "https://auth-m2m.megaport.com/oauth2/token" },
  staging: { api: "https://api-staging.megaport.com", token: "https://auth-m2m-staging.megaport.com/oauth2/token" },
  development: {
    api: "https://api-mpone-dev.megaport.com",
    token: "https://auth-m2m-mpone-dev.megaport.com/oauth2/token",
  },
} as const;

export type Environment = keyof typeof ENVIRONMENTS;

/**
 * Where requests go. An endpoint override (such as a local emulator) serves its token endpoint at
 * `<endpoint>/oauth2/token`, since the production hosts split API and auth between two domains.
 */
export function endpointsFor(environment: Environment, override?: string): { api: string; token: string } {
  if (!override) return ENVIRONMENTS[environment];
  const api = override.replace(/\/+$/, "");
  return { api, token: `${api}/oauth2/token` };
}
