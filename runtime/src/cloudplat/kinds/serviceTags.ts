import type { CallContext, Values } from "../../lifecycle/resource.js";
import type { CloudplatProvider } from "../provider.js";

const PAGE = 20;

/**
 * A service's tags live in the tag service (wire reference §5.1), under the resource name
 * `qcs::apigw:<region>:uin/:service/<id>`; its list is paged with a top-level `Tags` and `TotalCount`.
 */
export async function readServiceTags(
  p: CloudplatProvider,
  id: string,
  ctx: CallContext,
): Promise<Record<string, string>> {
  const tags: Record<string, string> = {};
  for (let offset = 0; ; offset += PAGE) {
    const res = await p.client.call<Values>(
      "tag",
      "DescribeResourceTagsByResourceIds",
      {
        ServiceType: "apigw",
        ResourcePrefix: "service",
        ResourceRegion: p.region,
        ResourceIds: [id],
        Limit: PAGE,
        Offset: offset,
      },
      { signal: ctx.signal },
    );
    const page = (res.Tags ?? []) as Values[];
    for (const t of page) tags[String(t.TagKey)] = String(t.TagValue);
    if (page.length < PAGE || offset + PAGE >= Number(res.TotalCount ?? 0)) return tags;
  }
}

/** Makes the service's tags `desired`: changed and new ones replaced, missing ones deleted. */
export async function writeServiceTags(
  p: CloudplatProvider,
  id: string,
  desired: Readonly<Record<string, string>>,
  current: Readonly<Record<string, string>>,
  ctx: CallContext,
): Promise<void> {
  const replace = Object.entries(desired).filter(([k, v]) => current[k] !== v);
  const remove = Object.keys(current).filter((k) => !(k in desired));
  if (replace.length === 0 && remove.length === 0) return;
  await p.client.call(
    "tag",
    "ModifyResourceTags",
    {
      Resource: `qcs::apigw:${p.region}:uin/:service/${id}`,
      ...(replace.length ? { ReplaceTags: replace.map(([TagKey, TagValue]) => ({ TagKey, TagValue })) } : {}),
      ...(remove.length ? { DeleteTags: remove.map((TagKey) => ({ TagKey })) } : {}),
    },
    { signal: ctx.signal },
  );
}
