#!/usr/bin/env node
// The CLI's entry: loads the generator's CommonJS bundle through V8's code cache (Node 20 keeps none for ES modules).
import { fileURLToPath } from "node:url";
import "./jitBudget.js";
import { requireCompiled } from "./codeCache.js";

requireCompiled(fileURLToPath(new URL("cli.cjs", import.meta.url)), process.argv[2]);
