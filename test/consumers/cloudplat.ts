// A downstream program using the cloudplat package (the rules of netsvc.ts apply).
import {
  resolveProviderConfig,
  validateApiGatewayServiceArgs,
  type ApiGatewayApiKeyOutputs,
  type ApiGatewayServiceArgs,
  type GetAntiddosOverviewDdosTrendArgs,
  type GetApiGatewayApisResult,
  type ProviderArgs,
} from "cloudplat";

const service: ApiGatewayServiceArgs = { serviceName: "svc", protocol: "http&https", netTypes: ["INNER", "OUTER"] };
const issues = validateApiGatewayServiceArgs(service);

// @ts-expect-error protocol is http, https or http&https
const badProtocol: ApiGatewayServiceArgs = { ...service, protocol: "ftp" };

// @ts-expect-error serviceName is a required input
const noName: ApiGatewayServiceArgs = { protocol: "http", netTypes: ["INNER"] };

const trend: GetAntiddosOverviewDdosTrendArgs = {
  period: 300,
  startTime: "2026-01-01 00:00:00",
  endTime: "2026-01-02 00:00:00",
  metricName: "bps",
};
// @ts-expect-error metricName for the DDoS trend is bps or pps
const badTrend: GetAntiddosOverviewDdosTrendArgs = { ...trend, metricName: "inqps" };
// @ts-expect-error period is 300, 3600 or 86400
const badPeriod: GetAntiddosOverviewDdosTrendArgs = { ...trend, period: 60 };

const args: ProviderArgs = {
  region: "ap-shanghai",
  allowedAccountIds: ["100"],
  assumeRole: { roleArn: "qcs::cam::uin/1:roleName/r", sessionName: "s" },
};
// @ts-expect-error protocol is HTTP or HTTPS
const badArgs: ProviderArgs = { protocol: "FTP" };
const config = resolveProviderConfig(args, {});
const domain: string = config.domain; // a field with a default is always set

declare const apis: GetApiGatewayApisResult;
const count: number = apis.lists.length;
declare const apiKey: ApiGatewayApiKeyOutputs;
// @ts-expect-error the access key secret is a Secret
const plain: string | undefined = apiKey.accessKeySecret;

export { badArgs, badPeriod, badProtocol, badTrend, count, issues, noName, plain, domain };
