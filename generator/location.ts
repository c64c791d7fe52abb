import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

/** The generator's folder, the same bundled or not: files beside it and the workers' modules are found from here. */
export const GENERATOR_DIR = dirname(fileURLToPath(import.meta.url));
/** The same folder as a URL (with its trailing slash, so that `new URL("name.js", GENERATOR_URL)` is inside it). */
export const GENERATOR_URL = new URL(".", import.meta.url);
