import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The generator's own folder (build/generator/ when built), found from this module, which sits at its
 * top: the same folder whether the generator runs one module a file or bundled (the CLI and the
 * workers are bundled to its top: package/bundleGenerator.ts). Files `make` leaves beside the
 * generator, and the workers' modules, are found from here, never from the module asking.
 */
export const GENERATOR_DIR = dirname(fileURLToPath(import.meta.url));
/** The same folder as a URL (with its trailing slash, so that `new URL("name.js", GENERATOR_URL)` is inside it). */
export const GENERATOR_URL = new URL(".", import.meta.url);
