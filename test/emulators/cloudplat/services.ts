/** Every emulated service by credential-scope name, with its API version (reference §0). */
import type { ServiceDef } from "./actions.js";
import { antiddosService } from "./antiddos.js";
import { accessActions } from "./apigwAccess.js";
import { apiActions } from "./apigwApis.js";
import { appActions } from "./apigwApps.js";
import { ipStrategyActions } from "./apigwIpStrategies.js";
import { planActions } from "./apigwPlans.js";
import { serviceActions } from "./apigwServices.js";
import { stsService, type StsOptions } from "./sts.js";
import { tagService } from "./tag.js";
import { vpcService } from "./vpc.js";

export function buildServices(options: StsOptions): Record<string, ServiceDef> {
  return {
    sts: stsService(options),
    vpc: vpcService(),
    antiddos: antiddosService(),
    tag: tagService(),
    apigateway: {
      version: "2018-08-08",
      actions: {
        ...serviceActions,
        ...apiActions,
        ...planActions,
        ...accessActions,
        ...ipStrategyActions,
        ...appActions,
      },
    },
  };
}
