#!/usr/bin/env node
// The CLI's entry (bundled to build/generator/cli.js): the generator itself is one CommonJS bundle,
// cli.cjs, loaded through V8's code cache (codeCache.ts), a cache per command. Node 20 keeps no
// code cache for ES modules, and compiling the 420 KB bundle, then each function on its first call,
// was ~40 ms of every run.
import { fileURLToPath } from "node:url";
import "./jitBudget.js";
import { requireCompiled } from "./codeCache.js";

requireCompiled(fileURLToPath(new URL("cli.cjs", import.meta.url)), process.argv[2]);
