import { describe, expect, it } from "vitest";
import { keepIdentified } from "../../runtime/src/lifecycle/identified.js";

describe("keepIdentified (the id input of a lookup)", () => {
  it("keeps the items of each named list whose id field equals the id, leaving other fields alone", () => {
    const wire = { Data: [{ Key: "a" }, { Key: "b" }], CLBData: [{ Key: "b" }, { Key: "c" }], Total: 4 };
    expect(keepIdentified(wire, ["Data[].Key", "CLBData[].Key"], "b")).toEqual({
      Data: [{ Key: "b" }],
      CLBData: [{ Key: "b" }],
      Total: 4,
    });
    expect(wire.Data).toHaveLength(2); // the answer itself is not changed
  });

  it("filters inner lists through outer ones, which are kept", () => {
    const wire = { Result: [{ Set: [{ AppId: "x" }, { AppId: "y" }] }, { Set: [{ AppId: "y" }] }] };
    expect(keepIdentified(wire, ["Result[].Set[].AppId"], "y")).toEqual({
      Result: [{ Set: [{ AppId: "y" }] }, { Set: [{ AppId: "y" }] }],
    });
  });

  it("compares ids as text, and passes over nulls and missing or non-list values", () => {
    const wire = { List: [{ Id: 7 }, null, { Id: "8" }], Outer: [null, { Inner: null }], Other: "text" };
    expect(keepIdentified(wire, ["List[].Id", "Outer[].Inner[].Id", "Missing[].Id", "Other[].Id"], "7")).toEqual({
      List: [{ Id: 7 }],
      Outer: [null, { Inner: null }],
      Other: "text",
    });
  });
});
