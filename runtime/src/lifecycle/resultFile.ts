import { randomUUID } from "node:crypto";
import { rename, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { Values } from "./resource.js";
import { ValidationError } from "../validate.js";

/**
 * `resultOutputFile`: the lookup's result as JSON, written to a temporary file beside the target and
 * renamed over it, so a reader never sees half a file. Secrets are Secrets here, so they are written
 * as "[secret]". A missing folder is the caller's mistake and says so; it is not created.
 */
export async function writeResultFile(lookup: string, path: string, result: Values): Promise<void> {
  const target = resolve(path);
  const folder = dirname(target);
  const isFolder = await stat(folder).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isFolder)
    throw new ValidationError([
      {
        path: `${lookup}.resultOutputFile`,
        message: `${lookup}.resultOutputFile: the folder ${folder} does not exist (it is not created for you)`,
      },
    ]);
  const temporary = `${target}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(result, null, 2)}\n`);
    await rename(temporary, target);
  } catch (e) {
    await unlink(temporary).catch(() => {});
    throw e;
  }
}
