/**
 * VPC (`vpc`, 2017-03-12; reference §4.1): address templates and template groups, paged with string Offset/Limit and a
 * top-level `TotalCount`. A template still in a group cannot be deleted (`ResourceInUse`).
 */
import type { Ctx, ServiceDef } from "./actions.js";
import { ApiError, invalidValue } from "./envelope.js";
import { plainTime } from "./ids.js";
import { page } from "./paging.js";
import type { Obj } from "./params.js";

const ADDRESS =
  /^(\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?|\d{1,3}(\.\d{1,3}){3}-\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+(\/\d{1,3})?)$/;

function describe(
  ctx: Ctx,
  map: Map<string, Obj>,
  nameFilter: string,
  idFilter: string,
  idKey: string,
  nameKey: string,
) {
  const f = ctx.p.filters([nameFilter, idFilter]);
  const names = f.get(nameFilter);
  const ids = f.get(idFilter);
  const all = [...map.values()].filter(
    (o) => (!names || names.includes(o[nameKey] as string)) && (!ids || ids.includes(o[idKey] as string)),
  );
  const items = page(ctx.p, all, "vpc");
  ctx.p.done();
  return { all, items };
}

export function vpcService(): ServiceDef {
  return {
    version: "2017-03-12",
    actions: {
      CreateAddressTemplate(ctx) {
        const name = ctx.p.str("AddressTemplateName");
        const addresses = ctx.p.optStrList("Addresses") ?? [];
        const extras = (ctx.p.optObjList("AddressesExtra") ?? []).map((e) => String(e["Address"] ?? ""));
        ctx.p.accept("Tags").done();
        const all = [...addresses, ...extras];
        if (all.length === 0)
          throw new ApiError("MissingParameter", "The request is missing a required parameter `Addresses`.");
        for (const a of all) if (!ADDRESS.test(a)) throw invalidValue("Addresses", a, "not an IP, CIDR or IP range");
        const id = ctx.store.ids.next("ipm");
        const rec: Obj = {
          AddressTemplateName: name,
          AddressTemplateId: id,
          AddressSet: all,
          CreatedTime: plainTime(ctx.now),
          UpdatedTime: plainTime(ctx.now),
          AddressExtraSet: all.map((Address) => ({ Address, Description: "" })),
          TagSet: [],
        };
        ctx.store.addressTemplates.set(id, rec);
        return { AddressTemplate: rec };
      },
      DescribeAddressTemplates(ctx) {
        const r = describe(
          ctx,
          ctx.store.addressTemplates,
          "address-template-name",
          "address-template-id",
          "AddressTemplateId",
          "AddressTemplateName",
        );
        return { TotalCount: r.all.length, AddressTemplateSet: r.items };
      },
      DeleteAddressTemplate(ctx) {
        const id = ctx.p.str("AddressTemplateId");
        ctx.p.done();
        if (!ctx.store.addressTemplates.has(id))
          throw new ApiError("ResourceNotFound", `The resource \`${id}\` does not exist.`);
        for (const g of ctx.store.addressTemplateGroups.values())
          if ((g["AddressTemplateIdSet"] as string[]).includes(id))
            throw new ApiError(
              "ResourceInUse",
              `The address template \`${id}\` is referenced by \`${String(g["AddressTemplateGroupId"])}\`.`,
            );
        ctx.store.addressTemplates.delete(id);
        return {};
      },
      CreateAddressTemplateGroup(ctx) {
        const name = ctx.p.str("AddressTemplateGroupName");
        const ids = ctx.p.strList("AddressTemplateIds");
        ctx.p.accept("AddressTemplatesExtra", "Tags").done();
        for (const id of ids)
          if (!ctx.store.addressTemplates.has(id))
            throw new ApiError("ResourceNotFound", `The resource \`${id}\` does not exist.`);
        const id = ctx.store.ids.next("ipmg");
        const rec: Obj = {
          AddressTemplateGroupName: name,
          AddressTemplateGroupId: id,
          AddressTemplateIdSet: ids,
          CreatedTime: plainTime(ctx.now),
          UpdatedTime: plainTime(ctx.now),
          AddressTemplateSet: ids.map((t) => ({
            AddressTemplateId: t,
            AddressSet: ctx.store.addressTemplates.get(t)?.["AddressSet"],
          })),
          TagSet: [],
        };
        ctx.store.addressTemplateGroups.set(id, rec);
        return { AddressTemplateGroup: rec };
      },
      DescribeAddressTemplateGroups(ctx) {
        const r = describe(
          ctx,
          ctx.store.addressTemplateGroups,
          "address-template-group-name",
          "address-template-group-id",
          "AddressTemplateGroupId",
          "AddressTemplateGroupName",
        );
        return { TotalCount: r.all.length, AddressTemplateGroupSet: r.items };
      },
      DeleteAddressTemplateGroup(ctx) {
        const id = ctx.p.str("AddressTemplateGroupId");
        ctx.p.done();
        if (!ctx.store.addressTemplateGroups.delete(id))
          throw new ApiError("ResourceNotFound", `The resource \`${id}\` does not exist.`);
        return {};
      },
    },
  };
}
