import { describe, expect, it } from "vitest";
import {
  Log,
  OrderUncertainError,
  ServiceError,
  TransportError,
  ValidationError,
  WaitError,
  type ValidationIssue,
} from "@sdkgen/runtime";
import * as netsvc from "netsvc";

// Nothing a program or a service hands the SDK makes an error message or a log line unbounded: what
// is cut is counted, and a string input longer than its schema or the global cap is refused unsent.
const HUGE = "x".repeat(20_011_200 + 1_000);
const FEW_KB = 5_000;
const provider = new netsvc.Provider(
  { acceptPurchaseTerms: true, accessKey: "a", secretKey: "s", endpoint: "http://127.0.0.1:9" },
  {},
);
const port: netsvc.PortArgs = {
  productName: "edge",
  locationId: 3,
  portSpeed: 10000,
  marketplaceVisibility: false,
  contractTermMonths: 1,
};

describe("bounded errors and log lines", () => {
  it("a service echoing a 20 MB name: the ServiceError names it in a few KB, counting what is cut", () => {
    const error = new ServiceError({ method: "POST", path: "/v4/networkdesign/buy" }, 400, `bad name ${HUGE}`, {
      resource: { token: "netsvc:index/port:Port", name: HUGE, id: HUGE },
    });
    expect(error.message.length).toBeLessThan(FEW_KB);
    expect(error.message).toContain("more characters");
    expect(error.message).toContain("failed with 400");
  });

  it("a 20 MB id and path: the TransportError stays a few KB", () => {
    const error = new TransportError(
      { method: "GET", path: `/v2/product/${HUGE}` },
      `could not connect ${HUGE}`,
      false,
      {
        id: HUGE,
        name: HUGE,
      },
    );
    expect(error.message.length).toBeLessThan(FEW_KB);
    expect(error.message).toContain("20,012,");
  });

  it("wait, order and validation errors stay a few KB", () => {
    const ref = { token: "netsvc:index/port:Port", name: HUGE, id: "uid" };
    expect(new WaitError(ref, "timeout", "DEPLOYABLE", "uid", `detail ${HUGE}`).message.length).toBeLessThan(FEW_KB);
    expect(new OrderUncertainError(ref, [HUGE, HUGE], new Error(HUGE)).message.length).toBeLessThan(FEW_KB);
    const issues: ValidationIssue[] = Array.from({ length: 30 }, () => ({ path: "p", message: HUGE }));
    expect(new ValidationError(issues).message.length).toBeLessThan(FEW_KB * 4);
  });

  it("a log line of a 20 MB body is cut, counted, and redacted before the cut", () => {
    const lines: string[] = [];
    new Log({ debug: (l) => lines.push(l) }).write(
      "debug",
      "POST /x",
      { body: `${"y".repeat(10)}secret-value${HUGE}` },
      ["secret-value"],
    );
    expect(lines[0]!.length).toBeLessThan(FEW_KB);
    expect(lines[0]).toContain("more characters");
    expect(lines[0]).not.toContain("secret-value");
  });
});

describe("string inputs are bounded before any request", () => {
  it("a 20 MB productName is a ValidationError naming the cap, nothing sent", async () => {
    const error = await netsvc.Port.create({ ...port, productName: HUGE }, { provider }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual(["Port.productName"]);
    expect((error as Error).message).toContain("at most 1,048,576 characters");
    expect((error as Error).message.length).toBeLessThan(FEW_KB);
  });

  it("a 20 MB tag key or value too", async () => {
    const error = await netsvc.Port.create({ ...port, resourceTags: { [HUGE]: "v", k: HUGE } }, { provider }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toHaveLength(2);
  });
});
