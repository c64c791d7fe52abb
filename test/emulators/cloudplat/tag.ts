/**
 * Tags (`tag`, 2018-08-13; reference §5.1): ModifyResourceTags on a resource name such as
 * `qcs::apigw:<region>:uin/:service/<id>`, and DescribeResourceTagsByResourceIds (API gateway paging style, top-level).
 */
import type { ServiceDef } from "./actions.js";
import { invalidValue } from "./envelope.js";
import { page } from "./paging.js";

const RESOURCE = /^qcs::([a-z]+):([a-z-]*):uin\/\d*:([a-zA-Z]+)\/(.+)$/;

export function tagService(): ServiceDef {
  return {
    version: "2018-08-13",
    actions: {
      ModifyResourceTags(ctx) {
        const resource = ctx.p.str("Resource");
        if (!RESOURCE.test(resource))
          throw invalidValue("Resource", resource, "expected qcs::<service>:<region>:uin/:<prefix>/<id>");
        const replace = ctx.p.optObjList("ReplaceTags") ?? [];
        const remove = ctx.p.optObjList("DeleteTags") ?? [];
        ctx.p.done();
        const tags = ctx.store.tags.get(resource) ?? new Map<string, string>();
        for (const t of replace) tags.set(String(t["TagKey"]), String(t["TagValue"]));
        for (const t of remove) tags.delete(String(t["TagKey"]));
        ctx.store.tags.set(resource, tags);
        return {};
      },
      DescribeResourceTagsByResourceIds(ctx) {
        const serviceType = ctx.p.str("ServiceType");
        const prefix = ctx.p.str("ResourcePrefix");
        const region = ctx.p.str("ResourceRegion");
        const ids = ctx.p.strList("ResourceIds");
        const all = ids.flatMap((id) => {
          const name = `qcs::${serviceType}:${region}:uin/:${prefix}/${id}`;
          return [...(ctx.store.tags.get(name) ?? [])].map(([TagKey, TagValue]) => ({
            TagKey,
            TagValue,
            ResourceId: id,
          }));
        });
        const items = page(ctx.p, all, "apigateway", { defaultLimit: 15 });
        ctx.p.done();
        return {
          TotalCount: all.length,
          Offset: ctx.p.raw["Offset"] ?? 0,
          Limit: ctx.p.raw["Limit"] ?? 15,
          Tags: items,
        };
      },
    },
  };
}
