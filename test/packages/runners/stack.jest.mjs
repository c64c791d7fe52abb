import { stackRun } from "./stackRun.mjs";

test("a stack under jest", async () => {
  expect(await stackRun(process.env.STACK)).toEqual({ oneRuntime: true, codes: [2, 0, 0, 0] });
});
