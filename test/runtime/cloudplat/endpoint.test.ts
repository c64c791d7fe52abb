import { describe, expect, it } from "vitest";
import * as cloudplat from "cloudplat";

// The endpoint is configured as netsvc's is: a setting with its variable, here CLOUDPLAT_ENDPOINT.
describe("the cloudplat endpoint", () => {
  it("is a configuration field read from CLOUDPLAT_ENDPOINT, where every service is reached", () => {
    const env = { CLOUDPLAT_ENDPOINT: "http://127.0.0.1:9000" };
    expect(cloudplat.resolveProviderConfig({}, env).endpoint).toBe("http://127.0.0.1:9000");
    const provider = new cloudplat.Provider({ secretId: "id", secretKey: "key" }, env);
    for (const service of ["apigateway", "vpc", "sts"])
      expect(provider.client.urlFor(service).href).toBe("http://127.0.0.1:9000/");
    const argument = new cloudplat.Provider({ secretId: "id", secretKey: "key", endpoint: "https://gw.internal" }, env);
    expect(argument.client.urlFor("vpc").href).toBe("https://gw.internal/");
  });

  it("must be an http or https URL", () => {
    expect(() => cloudplat.resolveProviderConfig({}, { CLOUDPLAT_ENDPOINT: "gw.internal:9000" })).toThrow(
      'cloudplat.endpoint must match the pattern ^https?:// (got "gw.internal:9000")',
    );
  });
});
