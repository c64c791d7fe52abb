// Plain JavaScript, CommonJS: require() of the packages, and import() of the same gives the same classes.
const { getMveSizes, Provider, secret, ValidationError } = require("netsvc");
const runtime = require("@sdkgen/runtime");

import("netsvc").then(async (esm) => {
  const { mveSizes } = await getMveSizes({}, { provider: new Provider() });
  const oneClass = esm.ValidationError === ValidationError && runtime.ValidationError === ValidationError;
  console.log(
    JSON.stringify({
      mveSizes: mveSizes.length > 0,
      secret: `${secret("s3cr3t-value")}`,
      oneClass,
      version: require("netsvc/package.json").version,
    }),
  );
});
