// A small network built with the netsvc SDK: a port, a cloud router (MCR) with a prefix filter list,
// a cross connect (VXC) between them and a service key on the port; then a diff, and teardown.
// Credentials and the endpoint come from NETSVC_* environment variables, as a real program's would.
import { defaultProvider, Mcr, McrPrefixFilterList, Port, ServiceKey, Vxc, type PortArgs, type VxcArgs } from "netsvc";

const progress = (what: string) => (status: string, elapsedMs: number) =>
  console.log(`  ${what}: ${status.padEnd(12)} after ${(elapsedMs / 1000).toFixed(1)} s`);

export async function main(): Promise<void> {
  const provider = defaultProvider();
  console.log("Ordering a port and a cloud router…");
  const portArgs: PortArgs = {
    productName: "demo-port",
    contractTermMonths: 1,
    locationId: 3,
    marketplaceVisibility: false,
    portSpeed: 10000,
  };
  const [port, mcr] = await Promise.all([
    Port.create(portArgs, { provider, onProgress: progress("port") }),
    Mcr.create(
      { productName: "demo-router", contractTermMonths: 1, locationId: 3, portSpeed: 5000 },
      { provider, onProgress: progress("router") },
    ),
  ]);
  console.log(
    `Port ${port.productUid} is ${port.provisioningStatus}; router ${mcr.productUid} (ASN ${mcr.asn}) is ${mcr.provisioningStatus}.`,
  );

  const list = await McrPrefixFilterList.create(
    {
      mcrId: mcr.productUid!,
      description: "customer routes",
      addressFamily: "IPv4",
      entries: [{ action: "permit", prefix: "10.0.0.0/8", le: 24 }],
    },
    { provider },
  );
  console.log(`Prefix filter list ${list.id} has ${list.entries?.length} entry.`);

  const vxcArgs: VxcArgs = {
    productName: "demo-link",
    contractTermMonths: 1,
    rateLimit: 500,
    aEnd: { productUid: mcr.productUid! },
    bEnd: { productUid: port.productUid! },
    aEndPartnerConfig: {
      partner: "vrouter",
      interfaces: [
        {
          ipAddresses: ["10.0.0.1/30"],
          bgpConnections: [{ peerAsn: 65000, localIpAddress: "10.0.0.1", peerIpAddress: "10.0.0.2" }],
        },
      ],
    },
  };
  const vxc = await Vxc.create(vxcArgs, { provider, onProgress: progress("link") });
  console.log(`Cross connect ${vxc.productUid} is ${vxc.provisioningStatus}.`);

  const key = await ServiceKey.create(
    {
      productUid: port.productUid!,
      maxSpeed: 1000,
      singleUse: true,
      active: true,
      vlan: 200,
      description: "for a partner",
    },
    { provider },
  );
  console.log(`Service key created (printed as ${String(key.key)}; key.key.reveal() gives the value).`);

  console.log("\nWhat would a faster link and a faster port change?");
  for (const [name, diff] of [
    ["link", vxc.diff({ ...vxcArgs, rateLimit: 1000 })],
    ["port", port.diff({ ...portArgs, portSpeed: 100000 })],
  ] as const)
    for (const c of diff.changes)
      console.log(
        `  ${name}.${c.field}: ${JSON.stringify(c.from)} -> ${JSON.stringify(c.to)}${c.replaces ? `  REPLACES it: ${c.reason}` : "  (in place)"}`,
      );
  await vxc.update({ ...vxcArgs, rateLimit: 1000 }, { onProgress: progress("link") });
  console.log(`The link now runs at ${vxc.rateLimit} Mbps.`);

  console.log("\nTearing down…");
  await key.delete();
  await vxc.delete();
  await list.delete();
  await Promise.all([mcr.delete(), port.delete()]);
  console.log("Done: everything ordered here is cancelled.");
}
