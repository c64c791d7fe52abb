// `make bench`: what a downstream program pays for using a generated package (user-issues §3: "a
// one-resource program under 1 s to import and under 1 s to type-check"). A program managing one
// resource, importing it by its subpath and from the package root, is type-checked with tsc (as a
// project would: skipLibCheck) and run once per import, each in a fresh process; a program without
// the package gives the baseline, so the package's own share is printed too.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const work = mkdtempSync(join(tmpdir(), "sdkgen-consumer-"));
symlinkSync(join(ROOT, "node_modules"), join(work, "node_modules"));

const PROGRAMS = {
  baseline: `console.log(process.argv.length);\nexport {};\n`,
  subpath: `import { ApiGatewayService } from "cloudplat/resources/apiGatewayService";\n`,
  root: `import { ApiGatewayService } from "cloudplat";\n`,
};
// The resource is used, not only imported, so its types are checked; running it stops before any request.
const USE = `if (process.argv.length > 9) {\n  const s = await ApiGatewayService.create({ serviceName: "shop", protocol: "http", netTypes: ["OUTER"] });\n  console.log(s.id, s.outerSubDomain);\n}\n`;
for (const [name, head] of Object.entries(PROGRAMS))
  writeFileSync(join(work, `${name}.mts`), name === "baseline" ? head : head + USE);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** tsc on one program: total time (s) and memory (MB) from its own --extendedDiagnostics report. */
function typecheck(name) {
  const args = [TSC, "--noEmit", "--extendedDiagnostics", "--strict", "--skipLibCheck", "--target", "ES2022"];
  args.push("--module", "NodeNext", "--moduleResolution", "NodeNext", "--types", "node", join(work, `${name}.mts`));
  const r = spawnSync(process.execPath, args, { encoding: "utf8", cwd: work });
  if (r.status !== 0) throw new Error(`tsc failed on ${name}:\n${r.stdout}${r.stderr}`);
  const figure = (label) => Number(new RegExp(`${label}:\\s+([\\d.]+)`).exec(r.stdout)?.[1]);
  return { seconds: figure("Total time"), mb: figure("Memory used") / 1024, lines: figure("Lines of Definitions") };
}

/** Node importing a module the program imports, in a fresh process: ms of the import itself. */
function importMs(specifier) {
  const probe = `const t = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - t);`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", probe], { encoding: "utf8", cwd: work });
  if (r.status !== 0) throw new Error(`import of ${specifier} failed:\n${r.stderr}`);
  return Number(r.stdout.trim());
}

const SPECIFIERS = { subpath: "cloudplat/resources/apiGatewayService", root: "cloudplat" };

try {
  const runs = 5;
  const checks = Object.fromEntries(
    Object.keys(PROGRAMS).map((n) => [n, Array.from({ length: runs }, () => typecheck(n))]),
  );
  const rows = [["figure", "median", "package's share", "bound", ""]];
  const base = checks.baseline;
  for (const name of ["subpath", "root"]) {
    const s = median(checks[name].map((c) => c.seconds));
    const mb = median(checks[name].map((c) => c.mb));
    const sBase = median(base.map((c) => c.seconds));
    const mbBase = median(base.map((c) => c.mb));
    const lines = checks[name][0].lines - base[0].lines;
    rows.push([
      `type-check, one resource (${name} import)`,
      `${s.toFixed(2)} s`,
      `+${(s - sBase).toFixed(2)} s, +${lines} lines of .d.ts`,
      "1 s",
      s <= 1 ? "ok" : "OVER",
    ]);
    rows.push([
      `type-check memory (${name} import)`,
      `${mb.toFixed(0)} MB`,
      `+${(mb - mbBase).toFixed(0)} MB`,
      "150 MB",
      mb <= 150 ? "ok" : "OVER",
    ]);
  }
  for (const [name, specifier] of Object.entries(SPECIFIERS)) {
    const ms = median(Array.from({ length: runs }, () => importMs(specifier)));
    rows.push([`import at run time (${name})`, `${ms.toFixed(0)} ms`, "", "1000 ms", ms <= 1000 ? "ok" : "OVER"]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows)
    console.log(
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join("  ")
        .trimEnd(),
    );
  const tsc = spawnSync(process.execPath, [TSC, "--version"], { encoding: "utf8" }).stdout.trim();
  console.log(
    `medians of ${runs} fresh processes (${tsc}); the package's share is against the same program without it`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
