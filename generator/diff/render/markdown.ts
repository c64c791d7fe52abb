import { groupBy } from "../../groupBy.js";
import { byOrder } from "../compare.js";
import { countBySeverity, countsText, SEVERITIES, severityRank, type Change, type DiffReport } from "../types.js";
import { requiredText } from "./versionText.js";

/** The first line of every report: a CI job finds its earlier comment by it and replaces it. */
export const MARKER = "<!-- sdkgen-schema-review -->";

/** Bounds that keep a report readable and under GitHub's 64 KB comment limit. */
const MAX = { changes: 200, changeBytes: 40_000, collapseOver: 20, names: 20, line: 300 };

const HEADING = { breaking: "🔴 Breaking", warning: "🟡 Warnings", info: "🟢 Info" };

export function renderMarkdown(report: DiffReport): string {
  const out = [
    MARKER,
    "## Schema review",
    "",
    `**${countsText(countBySeverity(report.changes))}** · base ${code(report.base)} → head ${code(report.head)}`,
    "",
  ];
  if (report.changes.length === 0) out.push("No change for users of the generated packages.", "");
  out.push(...versionLines(report.versions));

  const shown = pickShown(report.changes);
  for (const [pkg, all] of groupBy(report.changes, (c) => c.package)) {
    out.push(`### ${pkg}: ${countsText(countBySeverity(all))}`, "");
    for (const severity of SEVERITIES) {
      const section = all.filter((c) => c.severity === severity);
      if (section.length === 0) continue;
      const visible = section.filter((c) => shown.has(c));
      const body = sectionLines(visible, report.usedBy[pkg] ?? {});
      const hidden = section.length - visible.length;
      if (hidden) body.push(`- …and ${hidden} more`);
      const title = `${HEADING[severity]} (${section.length})`;
      out.push(...(body.length > MAX.collapseOver ? details(title, body) : [`#### ${title}`, "", ...body, ""]));
    }
  }
  const hidden = report.changes.length - shown.size;
  if (hidden) out.push(`…and ${hidden} more changes not shown here: \`--json\` lists every change.`, "");
  out.push(...impactLines(report.impact));
  return `${out.join("\n").trimEnd()}\n`;
}

function versionLines(versions: DiffReport["versions"]): string[] {
  if (Object.keys(versions).length === 0) return [];
  const rows = Object.entries(versions).map(([pkg, v]) => {
    const head = v.head === undefined ? "—" : `${v.head} ${v.satisfied ? "✅" : "🔴 too low"}`;
    return `| ${pkg} | ${v.base ?? "—"} | ${requiredText(v)} | ${head} |`;
  });
  return ["### Versions", "", "| Package | Base | Required | Head |", "|---|---|---|---|", ...rows, ""];
}

function pickShown(changes: readonly Change[]): Set<Change> {
  const ranked = [...changes].sort((x, y) => severityRank(x.severity) - severityRank(y.severity) || byOrder(x, y));
  const shown = new Set<Change>();
  let bytes = 0;
  for (const c of ranked) {
    bytes += Buffer.byteLength(changeLine(c));
    if (shown.size >= MAX.changes || bytes > MAX.changeBytes) break;
    shown.add(c);
  }
  return shown;
}

function sectionLines(changes: readonly Change[], usedBy: Readonly<Record<string, readonly string[]>>): string[] {
  const lines: string[] = [];
  for (const [, group] of groupBy(changes, (c) => `${c.kind} ${c.entity}`)) {
    const { kind, entity } = group[0]!;
    const users = usedBy[entity];
    const where = kind === "type" && users ? `, used by ${names(users, 5)}` : "";
    lines.push(`- **${kind} ${code(entity)}**${where}`);
    for (const c of group) lines.push(`  ${changeLine(c)}`);
  }
  return lines;
}

function changeLine(c: Change): string {
  const path =
    c.path === c.entity ? "" : `${code(c.path.slice(c.path.startsWith(`${c.entity}.`) ? c.entity.length + 1 : 0))}: `;
  const message = c.message.length > MAX.line ? `${c.message.slice(0, MAX.line - 1)}…` : c.message;
  return `- ${path}${escapeText(message)}`;
}

function impactLines(impact: DiffReport["impact"]): string[] {
  const touched = Object.entries(impact).filter(([, i]) => Object.values(i).some((list) => list.length > 0));
  if (touched.length === 0) return ["### Generated code", "", "No change to the generated code."];
  const out = [
    "### Generated code",
    "",
    "| Package | Files added | Files removed | Files changed | Exports added | Exports removed |",
    "|---|---:|---:|---:|---:|---:|",
    ...touched.map(
      ([pkg, i]) =>
        `| ${pkg} | ${i.filesAdded.length} | ${i.filesRemoved.length} | ${i.filesChanged.length} | ${i.symbolsAdded.length} | ${i.symbolsRemoved.length} |`,
    ),
    "",
  ];
  for (const [pkg, i] of touched) {
    const lists: [string, readonly string[]][] = [
      ["Exports removed", i.symbolsRemoved],
      ["Exports added", i.symbolsAdded],
      ["Files added", i.filesAdded],
      ["Files removed", i.filesRemoved],
      ["Files changed", i.filesChanged],
    ];
    const listed = lists
      .filter(([, l]) => l.length)
      .map(([what, l]) => `- ${what} (${l.length}): ${names(l, MAX.names)}`);
    out.push(...details(`${pkg}: exports and files`, listed));
  }
  return out;
}

/** A section GitHub shows collapsed under its summary line. */
function details(summary: string, body: readonly string[]): string[] {
  return ["<details>", `<summary>${summary}</summary>`, "", ...body, "", "</details>", ""];
}

const names = (list: readonly string[], n: number) =>
  list.slice(0, n).map(code).join(", ") + (list.length > n ? ` and ${list.length - n} more` : "");

/** An inline code span that survives backticks in its text. */
const code = (text: string) => (text.includes("`") ? `\`\` ${text} \`\`` : `\`${text}\``);

/** Schema text outside code spans must not open HTML tags (GitHub would swallow them). */
const escapeText = (text: string) =>
  text
    .split("`")
    .map((part, i) => (i % 2 === 0 ? part.replace(/</g, "&lt;").replace(/>/g, "&gt;") : part))
    .join("`");
