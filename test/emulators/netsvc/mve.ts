/**
 * MVE orders (reference §3.4, §5.1, §5.2) and the MVE-only modify field `vnics` (descriptions only, by position).
 * vendorConfig is validated against the image catalogue and kept, never returned.
 */
import { MVE_IMAGES, MVE_SIZES, type MveSize } from "./catalogData.js";
import { badRequest } from "./envelope.js";
import { provision } from "./lifecycle.js";
import { baseRecord, readCommonOrder, zonesOf, type OrderCtx, type Plan } from "./orderCommon.js";
import type { MveRec, Vnic } from "./types.js";
import type { Fields } from "./validate.js";

export const MAX_VNICS = 5;

/** Optional vendor keys and their JSON type (§5.1); any other key is ignored like every unknown key. */
const VENDOR_KEYS: Record<string, Record<string, "string" | "boolean">> = {
  "6wind": { sshPublicKey: "string" },
  aruba: { accountName: "string", accountKey: "string", systemTag: "string" },
  aviatrix: { cloudInit: "string" },
  cisco: {
    manageLocally: "boolean",
    adminSshPublicKey: "string",
    sshPublicKey: "string",
    adminPassword: "string",
    cloudInit: "string",
    fmcIpAddress: "string",
    fmcRegistrationKey: "string",
    fmcNatId: "string",
  },
  fortinet: { adminSshPublicKey: "string", sshPublicKey: "string", licenseData: "string" },
  palo_alto: {
    sshPublicKey: "string",
    adminPasswordHash: "string",
    licenseData: "string",
    adminSshPublicKey: "string",
    adminPassword: "string",
  },
  prisma: { ionKey: "string", secretKey: "string" },
  versa: {
    directorAddress: "string",
    controllerAddress: "string",
    localAuth: "string",
    remoteAuth: "string",
    serialNumber: "string",
  },
  vmware: { adminSshPublicKey: "string", sshPublicKey: "string", vcoAddress: "string", vcoActivationCode: "string" },
  meraki: { token: "string" },
};

export function readMveOrder(f: Fields, ctx: OrderCtx): Plan {
  const { store } = ctx;
  const common = readCommonOrder(f, store);
  const marketplaceVisibility = f.optBool("marketplaceVisibility") ?? false;
  const zones = zonesOf(common.location, common.zone).filter((z) => z.mveAvailable);
  if (zones.length === 0) throw badRequest(`MVE is not available at location ${common.location.id}`);

  const vc = f.object("vendorConfig");
  const vendorKey = vc.string("vendor").toLowerCase();
  const group = MVE_IMAGES.find((g) => g.vendorKey === vendorKey);
  const extra = VENDOR_KEYS[vendorKey];
  if (!group || !extra) throw badRequest(`${vc.where}.vendor ${JSON.stringify(vc.raw["vendor"])} is not supported`);
  const imageId = vc.int("imageId");
  const image = group.images.find((i) => i.id === imageId);
  if (!image) throw badRequest(`${vc.where}.imageId ${imageId} is not a ${group.vendor} image`);
  // productSize may be omitted for Palo Alto only (§5.1).
  const sizeName =
    vendorKey === "palo_alto"
      ? (vc.optOneOf(
          "productSize",
          MVE_SIZES.map((s) => s.size),
        ) ?? "SMALL")
      : vc.oneOf(
          "productSize",
          MVE_SIZES.map((s) => s.size),
        );
  const size = MVE_SIZES.find((s) => s.size === sizeName) as MveSize;
  if (!image.availableSizes.includes(size.label))
    throw badRequest(`Image ${imageId} is not offered in size ${size.size} (${size.label})`);
  const maxCpu = Math.max(...zones.map((z) => z.mveMaxCpuCoreCount ?? 0));
  if (size.cpuCoreCount > maxCpu)
    throw badRequest(
      `Location ${common.location.id} offers MVEs up to ${maxCpu} cores; ${size.size} needs ${size.cpuCoreCount}`,
    );
  vc.optString("mveLabel");
  for (const [key, type] of Object.entries(extra)) {
    if (type === "boolean") vc.optBool(key);
    else vc.optString(key);
  }

  const vnicItems = f.optObjects("vnics", { max: MAX_VNICS });
  const minimum = vendorKey === "palo_alto" ? 2 : 1;
  const vnicInputs = (vnicItems ?? []).map((v) => ({
    description: v.optString("description") ?? "",
    vlan: v.optInt("vlan", { min: 0, max: 4093 }) ?? 0,
  }));
  // When no vNICs are given the vendor minimum applies: 2 for Palo Alto, 1 otherwise (§5.2).
  if (vnicItems === undefined || vnicInputs.length === 0)
    for (let i = 0; i < minimum; i++)
      vnicInputs.push({ description: i === 0 ? "Data Plane" : `Data Plane ${i + 1}`, vlan: 0 });
  if (vnicInputs.length < minimum)
    throw badRequest(`${f.where}.vnics: ${group.vendor} needs at least ${minimum} vNICs`);
  const given = vnicInputs.map((v) => v.vlan).filter((v) => v !== 0);
  if (given.some((v) => v === 1)) throw badRequest(`${f.where}.vnics: VLAN 1 is reserved`);
  if (new Set(given).size !== given.length) throw badRequest(`${f.where}.vnics: VLANs must be distinct`);

  return {
    create() {
      let next = 100;
      const vnics: Vnic[] = vnicInputs.map((v) => {
        if (v.vlan !== 0) return { description: v.description, vlan: v.vlan };
        while (given.includes(next)) next++;
        return { description: v.description, vlan: next++ };
      });
      const mve: MveRec = {
        ...baseRecord(store, ctx.now, common),
        kind: "mve",
        locationId: common.location.id,
        marketplaceVisibility,
        diversityZone: common.zone,
        vendor: vendorKey.toUpperCase(),
        size,
        imageGroup: group,
        imageId,
        vnics,
        vendorConfig: vc.raw,
        vmId: store.ids.counter("vmId", 9001),
        interfaceId: store.ids.counter("interfaceId", 50_001),
      };
      provision(mve, ctx.now, store.timings);
      store.products.set(mve.uid, mve);
      return [
        {
          technicalServiceUid: mve.uid,
          technicalServiceId: mve.id,
          productName: mve.name,
          productType: "MVE",
          provisioningStatus: mve.status,
          locationId: mve.locationId,
          contractTermMonths: mve.term,
          createDate: mve.createDate,
        },
      ];
    },
  };
}

/**
 * `vnics: [{description}]` on `PUT /v2/product/mve/{uid}`: descriptions change by position, the count is fixed.
 * Validates now, returns the change to apply.
 */
export function readMveModify(mve: MveRec, f: Fields): (() => void) | undefined {
  const items = f.optObjects("vnics", { max: MAX_VNICS });
  if (items === undefined) return undefined;
  if (items.length > mve.vnics.length)
    throw badRequest(`vnics: this MVE has ${mve.vnics.length} vNICs and vNICs cannot be added`);
  const descriptions = items.map((item) => item.optString("description"));
  return () => {
    descriptions.forEach((description, i) => {
      const vnic = mve.vnics[i];
      if (vnic && description !== undefined) vnic.description = description;
    });
  };
}
