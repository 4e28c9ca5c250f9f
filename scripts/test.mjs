// npm test: every check, in order, each one run even when an earlier one failed (except those that need
// the production build when the build failed). Ends with a summary and `N passed, N failed`.
// Steps marked with the same `parallel` group run side by side (output buffered), the rest one at a time.
//
//   npm test                        all steps
//   npm test -- unit integration    only the steps named (see STEPS below)
//   npm test -- --bail              stop at the first failure
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hasCompleteBuild } from "./build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Environment for the child steps: the operator's NODE_ENV must not leak into tests or the build. */
function stepEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  if (!("NODE_ENV" in extra)) delete env.NODE_ENV;
  return env;
}

const STEPS = [
  // Side by side where one step leaves a core idle (two cores: .ci/run's machine): typecheck and lint are
  // single-threaded, the build mostly so, and the unit tests fill lint's tail; the bundle check waits on its own
  // server while PostgreSQL works. (Integration on PGlite beside them took longer than after them: 229 s against 223.)
  { name: "typecheck", command: [npm, "run", "--silent", "typecheck"], parallel: "static" },
  { name: "lint", command: [npm, "run", "--silent", "lint"], parallel: "static" },
  { name: "build", command: [npm, "run", "--silent", "build"], env: { NODE_ENV: "production" }, parallel: "static" },
  // Libraries (React, React Router) run their production code in the tests, as under `npm start`; our own rules
  // follow the tests' configuration (NODE_ENV=test in tests/setup/database.ts). It must be set before vitest starts.
  { name: "unit", command: [bin("vitest"), "run", "--project", "unit"], env: { NODE_ENV: "production" }, parallel: "static" },
  { name: "integration", label: "integration (PGlite)", command: [bin("vitest"), "run", "--project", "integration"], env: { NODE_ENV: "production" } },
  {
    name: "integration-pg",
    label: "integration (PostgreSQL)",
    command: [bin("vitest"), "run", "--project", "integration-pg"],
    env: { NODE_ENV: "production" },
    skip: hasPostgres ? undefined : "TEST_DATABASE_URL is not set",
    parallel: "pg",
  },
  { name: "bundle", label: "bundle size", command: [process.execPath, path.join(root, "scripts", "check-bundle.mjs")], needsBuild: true, parallel: "pg" },
  // PostgreSQL of its own, the local S3 server, three production processes and HAProxy (deploy/haproxy.cfg); it
  // keeps about one core busy (it waits on restarts), so it runs beside the PostgreSQL step too.
  { name: "cluster", label: "cluster (HAProxy, 3 processes)", command: [bin("vitest"), "run", "--config", "vitest.cluster.config.ts"], needsBuild: true, parallel: "pg" },
  { name: "e2e", label: "end-to-end", command: [bin("vitest"), "run", "--config", "vitest.e2e.config.ts"], needsBuild: true },
];

const args = process.argv.slice(2);
const bail = args.includes("--bail");
const wanted = args.filter((a) => !a.startsWith("--"));
const unknown = wanted.filter((name) => !STEPS.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(`Unknown step(s): ${unknown.join(", ")}. Steps: ${STEPS.map((s) => s.name).join(", ")}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? STEPS.filter((s) => wanted.includes(s.name)) : STEPS;

/**
 * Runs a step; with `buffered`, its output is collected and printed in one piece when it ends. Without a terminal
 * (CI) a step's output is also kept, so that the summary can repeat what failed: CI shows only the log's tail.
 */
function run(step, { buffered = false } = {}) {
  return new Promise((resolve) => {
    const [command, ...rest] = step.command;
    const capture = buffered || !process.stdout.isTTY;
    const child = spawn(command, rest, { cwd: root, stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit", env: stepEnv(step.env) });
    let output = "";
    if (capture) {
      const keep = (stream) => (chunk) => {
        output += chunk;
        if (!buffered) stream.write(chunk);
      };
      child.stdout.on("data", keep(process.stdout));
      child.stderr.on("data", keep(process.stderr));
    }
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    const done = (code) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      if (buffered) {
        console.log(`\n\x1b[1m━━ ${step.label ?? step.name} ━━\x1b[0m  ${step.command.map((c) => path.basename(c)).join(" ")}\n`);
        process.stdout.write(output);
      }
      resolve({ code, output });
    };
    child.on("error", (error) => {
      output += `${step.name}: ${error.message}\n`;
      if (!buffered) console.error(`${step.name}: ${error.message}`);
      done(1);
    });
    child.on("close", (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

/**
 * The lines of a failed step's output that name what failed: vitest's FAIL and × lines with the error under them,
 * TypeScript's and ESLint's errors. At most 40, without colours.
 */
function failureLines(output = "") {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n");
  const picked = [];
  for (let i = 0; i < lines.length && picked.length < 40; i++) {
    const line = lines[i].trimEnd();
    if (/^\s*FAIL\s/.test(line)) {
      picked.push(line.trim());
      // vitest prints the error on the next non-empty line
      const next = lines.slice(i + 1, i + 4).find((l) => l.trim() !== "" && !/^\s*FAIL\s/.test(l));
      if (next && /Error|expected|timed out/i.test(next)) picked.push(`    ${next.trim()}`);
    } else if (/error TS\d+:/.test(line) || /^\s+\d+:\d+\s+error\s/.test(line) || /^\s*Error: /.test(line) && picked.length === 0) {
      picked.push(line.trim());
    }
  }
  return [...new Set(picked)];
}

const results = [];
const started = Date.now();
let buildFailed = false;
let stop = false;
for (let i = 0; i < selected.length && !stop; i++) {
  // Consecutive steps of one parallel group run together.
  const batch = [selected[i]];
  while (selected[i].parallel && selected[i + 1]?.parallel === selected[i].parallel) batch.push(selected[++i]);
  const runnable = [];
  for (const step of batch) {
    const label = step.label ?? step.name;
    if (step.skip) results.push({ label, status: "skipped", note: step.skip });
    else if (step.needsBuild && (buildFailed || !hasCompleteBuild())) {
      results.push({ label, status: "failed", note: buildFailed ? "not run: the build failed" : "not run: no production build" });
    } else runnable.push(step);
  }
  const buffered = runnable.length > 1;
  if (buffered) console.log(`\n\x1b[1m━━ ${runnable.map((s) => s.label ?? s.name).join(" + ")} (side by side) ━━\x1b[0m`);
  const outcomes = await Promise.all(
    runnable.map(async (step) => {
      if (!buffered) console.log(`\n\x1b[1m━━ ${step.label ?? step.name} ━━\x1b[0m  ${step.command.map((c) => path.basename(c)).join(" ")}\n`);
      const stepStarted = Date.now();
      const { code, output } = await run(step, { buffered });
      return { step, code, output, ms: Date.now() - stepStarted };
    }),
  );
  for (const { step, code, output, ms } of outcomes) {
    results.push({
      label: step.label ?? step.name,
      status: code === 0 ? "passed" : "failed",
      ms,
      note: code === 0 ? "" : `exit code ${code}`,
      failures: code === 0 ? [] : failureLines(output),
    });
    if (step.name === "build" && code !== 0) buildFailed = true;
    if (bail && code !== 0) stop = true;
  }
}

const passed = results.filter((r) => r.status === "passed").length;
const failed = results.filter((r) => r.status === "failed").length;
const seconds = (ms) => (ms === undefined ? "" : `${(ms / 1000).toFixed(1)}s`);
console.log("\n\x1b[1mSummary\x1b[0m");
for (const r of results) {
  const mark = r.status === "passed" ? "\x1b[32m✓\x1b[0m" : r.status === "failed" ? "\x1b[31m✗\x1b[0m" : "\x1b[33m-\x1b[0m";
  console.log(`  ${mark} ${r.label.padEnd(26)} ${r.status.padEnd(8)} ${seconds(r.ms).padStart(7)}  ${r.note ?? ""}`.trimEnd());
}
console.log(`  total ${seconds(Date.now() - started)}`);
for (const r of results.filter((r) => r.failures?.length > 0)) {
  console.log(`\n\x1b[1mWhat failed in ${r.label}\x1b[0m (its whole output is above)`);
  for (const line of r.failures) console.log(`  ${line}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
