// The body every TypeScript consumer runs, whatever module system it compiles to: a call against each
// emulator through providers configured by NETSVC_* and CLOUDPLAT_* variables alone, an argument
// problem caught by its error class, and a secret printed. It prints one JSON line for the test.
import type * as Netsvc from "netsvc";
import type * as Cloudplat from "cloudplat";

declare const console: { log(line: string): void }; // no @types/node in these programs

export async function report(netsvc: typeof Netsvc, cloudplat: typeof Cloudplat, extra: object): Promise<void> {
  const provider = new netsvc.Provider();
  const { mveSizes } = await netsvc.getMveSizes({}, { provider });
  const badSpeed = {
    productName: "edge",
    contractTermMonths: 12,
    locationId: 1,
    marketplaceVisibility: false,
  } as const;
  const rejected = await netsvc.Port.create({ ...badSpeed, portSpeed: 25000 as 10000 }, { provider }).then(
    () => "created",
    (e: unknown) => (e instanceof netsvc.ValidationError ? "ValidationError" : String(e)),
  );
  const cloudplatIssues = cloudplat.validateApiGatewayServiceArgs({ protocol: "ftp" }).length;
  const { templateLists } = await cloudplat.getAddressTemplates({}, { provider: new cloudplat.Provider() });
  const secret = `${netsvc.secret("s3cr3t-value")}`;
  console.log(
    JSON.stringify({
      mveSizes: mveSizes.length > 0,
      templates: templateLists.length,
      rejected,
      cloudplatIssues,
      secret,
      ...extra,
    }),
  );
}
