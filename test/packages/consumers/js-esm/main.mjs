// Plain JavaScript, ES modules.
import { getMveSizes, Provider, secret, ValidationError } from "netsvc";
import pkg from "netsvc/package.json" with { type: "json" };

const { mveSizes } = await getMveSizes({}, { provider: new Provider() });
const error = new ValidationError([]);
console.log(
  JSON.stringify({
    mveSizes: mveSizes.length > 0,
    secret: `${secret("s3cr3t-value")}`,
    error: error instanceof Error,
    version: pkg.version,
  }),
);
