/** API version per service, as the reference's client uses them (wire reference, service table). */
export const SERVICE_VERSIONS: Readonly<Record<string, string>> = {
  apigateway: "2018-08-08",
  antiddos: "2020-03-09",
  vpc: "2017-03-12",
  sts: "2018-08-13",
  tag: "2018-08-13",
};

export const DEFAULT_DOMAIN = "tencentcloudapi.com";
export const DEFAULT_REGION = "ap-guangzhou";
