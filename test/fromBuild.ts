import { join } from "node:path";
import { fileURLToPath } from "node:url";

const BUILD = fileURLToPath(new URL("../build/generator/", import.meta.url));

/**
 * A module of the generator's build (`module`: its path under build/generator/), as the CLI loads it:
 * for tests whose render and check workers run, which load from the build too.
 */
export const fromBuild = <T>(module: string): Promise<T> => import(join(BUILD, module)) as Promise<T>;
