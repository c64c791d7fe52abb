import { filter, listLookup, type LookupFactory } from "./listLookup.js";

/** getAddressTemplates (wire reference §4.1): DescribeAddressTemplates filtered by name and id. */
export const getAddressTemplates = listLookup({
  service: "vpc",
  action: "DescribeAddressTemplates",
  style: "vpc",
  listKey: "AddressTemplateSet",
  itemId: "AddressTemplateId",
  params: (a) => ({
    Filters: [...filter("address-template-name", a.name), ...filter("address-template-id", a.id)],
  }),
});

/** getAddressTemplateGroups (§4.1): DescribeAddressTemplateGroups filtered by name and id. */
export const getAddressTemplateGroups = listLookup({
  service: "vpc",
  action: "DescribeAddressTemplateGroups",
  style: "vpc",
  listKey: "AddressTemplateGroupSet",
  itemId: "AddressTemplateGroupId",
  params: (a) => ({
    Filters: [...filter("address-template-group-name", a.name), ...filter("address-template-group-id", a.id)],
  }),
});

export const VPC_LOOKUPS: Readonly<Record<string, LookupFactory>> = {
  "cloudplat:index/getAddressTemplateGroups:getAddressTemplateGroups": getAddressTemplateGroups,
  "cloudplat:index/getAddressTemplates:getAddressTemplates": getAddressTemplates,
};
