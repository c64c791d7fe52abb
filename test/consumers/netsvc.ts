// A downstream program using the netsvc package: it must type-check, and every line marked with a
// ts-expect-error directive must be a type error (otherwise tsc reports the unused directive).
import {
  ContractTermMonths,
  resolveProviderConfig,
  Secret,
  terraformConfig,
  validatePortArgs,
  type GetLocationArgs,
  type GetLocationResult,
  type McrPrefixFilterListArgs,
  type MveArgs,
  type PortArgs,
  type PortOutputs,
  type ServiceKeyOutputs,
  type VxcArgs,
} from "netsvc";
import type { PortState } from "netsvc/resources/port";

const port: PortArgs = {
  productName: "edge",
  contractTermMonths: 12,
  locationId: 42,
  marketplaceVisibility: false,
  portSpeed: 10000,
};
const issues = validatePortArgs(port);
const terms: readonly number[] = ContractTermMonths;

// @ts-expect-error 25000 is not one of the Port speeds (a closed enum)
const badSpeed: PortArgs = { ...port, portSpeed: 25000 };

// @ts-expect-error productName is a required input
const missing: PortArgs = { contractTermMonths: 12, locationId: 42, marketplaceVisibility: false, portSpeed: 10000 };

// @ts-expect-error contractTermMonths accepts only 1, 12, 24, 36, 48 or 60
const badTerm: PortArgs = { ...port, contractTermMonths: 6 };

const filter: PortState = { provisioningStatus: "LIVE" };
const anyStatus: PortState = { provisioningStatus: "SOMETHING_NEW" }; // known values are an open union

const list: McrPrefixFilterListArgs = {
  mcrId: "mcr-1",
  description: "d",
  addressFamily: "IPv4",
  entries: [{ action: "permit", prefix: "10.0.0.0/8" }],
};
// @ts-expect-error action is permit or deny
const badEntry: McrPrefixFilterListArgs = { ...list, entries: [{ action: "allow", prefix: "10.0.0.0/8" }] };

const mve: MveArgs = {
  productName: "mve",
  contractTermMonths: 1,
  locationId: 1,
  vendorConfig: { vendor: "aruba", imageId: 1, productSize: "SMALL", accountKey: new Secret("k") },
};
// @ts-expect-error a vendor that is not in the union
const badVendor: MveArgs = { ...mve, vendorConfig: { vendor: "acme", imageId: 1 } };

declare const vxc: VxcArgs;
declare const outputs: PortOutputs;
const uid: string | undefined = outputs.productUid;

declare const key: ServiceKeyOutputs;
const revealed: string = key.key.reveal();
// @ts-expect-error a secret output is a Secret, not a string
const leaked: string = key.key;

const where: GetLocationArgs = { name: "Equinix SY1" };
declare const location: GetLocationResult;
const id: number = location.id;

const config = resolveProviderConfig({ acceptPurchaseTerms: true, accessKey: "a", secretKey: "s" });
const minutes: number = config.waitTime;
const hidden: Secret<string> = config.secretKey;
const tf: Record<string, unknown> = terraformConfig(config).result;

export {
  anyStatus,
  badEntry,
  badSpeed,
  badTerm,
  badVendor,
  filter,
  hidden,
  id,
  issues,
  leaked,
  minutes,
  missing,
  revealed,
  terms,
  tf,
  uid,
  vxc,
  where,
};
