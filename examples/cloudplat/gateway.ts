// An HTTP API published with the cloudplat SDK: an API gateway service, an API on it forwarding to a
// backend, a release of the service to an environment, a lookup that reads the API back, two diffs,
// an API key, and teardown. Credentials and the endpoint come from the provider configuration
// (CLOUDPLAT_SECRET_ID and CLOUDPLAT_SECRET_KEY, a profile, a role…; CLOUDPLAT_ENDPOINT, left unset to
// reach the real platform), as a real program's would.
import {
  ApiGatewayApi,
  ApiGatewayApiKey,
  ApiGatewayService,
  ApiGatewayServiceRelease,
  getApiGatewayApis,
  Provider,
  type ApiGatewayServiceArgs,
} from "cloudplat";

const progress = (what: string) => (status: string, elapsedMs: number) =>
  console.log(`  ${what}: ${status.padEnd(10)} after ${(elapsedMs / 1000).toFixed(1)} s`);

export async function main(): Promise<void> {
  // No settings in code: each is read from its CLOUDPLAT_* variable, then its default (region ap-guangzhou).
  const provider = new Provider();

  console.log("Creating a service and an API on it…");
  const serviceArgs: ApiGatewayServiceArgs = { serviceName: "shop", protocol: "http", netTypes: ["OUTER"] };
  const service = await ApiGatewayService.create(serviceArgs, { provider });
  // GET /orders on the gateway is forwarded to the backend's /v1/orders.
  const api = await ApiGatewayApi.create(
    {
      serviceId: service.id,
      apiName: "list-orders",
      requestConfigPath: "/orders",
      serviceConfigType: "HTTP",
      serviceConfigUrl: "http://orders.internal.example",
      serviceConfigPath: "/v1/orders",
      serviceConfigMethod: "GET",
    },
    { provider },
  );
  console.log(`Service ${service.id} (${service.outerSubDomain}) has API ${api.apiGatewayApiId}.`);

  // Nothing is served until the service is released to an environment; create waits until it is live.
  const release = await ApiGatewayServiceRelease.create(
    { serviceId: service.id, environmentName: "release", releaseDesc: "first version" },
    { provider, onProgress: progress("release") },
  );
  console.log(`Released as version ${release.releaseVersion}; the gateway now serves:`);

  // A lookup reads what the platform holds, here every API of the service with its backend.
  const { lists } = await getApiGatewayApis({ serviceId: service.id }, { provider });
  for (const a of lists)
    console.log(`  ${a.requestConfigMethod} ${a.requestConfigPath} -> ${a.serviceConfigUrl}${a.serviceConfigPath}`);

  // diff() compares wanted settings with the current ones without calling the platform: the IP version
  // of a service is fixed at creation (update would refuse unless allowReplace), the protocol is not.
  console.log("\nWhat would IPv6 and HTTPS change?");
  for (const change of [{ ipVersion: "IPv6" }, { protocol: "https" }] as const)
    for (const c of service.diff({ ...serviceArgs, ...change }).changes) {
      const effect = c.replaces ? `REPLACES it: ${c.reason}` : "(in place)";
      console.log(`  service.${c.field}: ${JSON.stringify(c.from)} -> ${JSON.stringify(c.to)}  ${effect}`);
    }

  // The key's secret is a Secret: printing or logging it shows [secret]; reveal() gives the value.
  const key = await ApiGatewayApiKey.create({ secretName: "partner" }, { provider });
  console.log(`\nAPI key ${key.id} created; its secret prints as ${String(key.accessKeySecret)}.`);

  console.log("\nTearing down…");
  await key.delete(); // the platform deletes only disabled keys: the SDK disables it first
  await api.delete();
  // A released service cannot be deleted: the SDK unreleases every environment first, release included.
  await service.delete();
  console.log("Done: the key, the API and the service are deleted.");
}
