// ESLint flat config: @eslint/js + typescript-eslint recommended + React hooks rules.
import { readFileSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** What git ignores is not ours to lint either (build output, local data, scratch files). */
function gitignored() {
  let text = "";
  try {
    text = readFileSync(new URL("./.gitignore", import.meta.url), "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#") && !line.startsWith("!"))
    .map((line) => {
      const anchored = line.startsWith("/");
      const pattern = line.replace(/^\//, "");
      return anchored || pattern.replace(/\/$/, "").includes("/") ? pattern : `**/${pattern}`;
    });
}

// Node's globals for the plain JavaScript files (scripts, configs). TypeScript files are checked by tsc.
const nodeGlobals = Object.fromEntries(
  [
    "process", "console", "Buffer", "URL", "URLSearchParams", "fetch", "Response", "Request", "Headers",
    "AbortController", "AbortSignal", "TextEncoder", "TextDecoder", "setTimeout", "clearTimeout",
    "setInterval", "clearInterval", "setImmediate", "clearImmediate", "queueMicrotask", "structuredClone",
    "globalThis", "performance", "crypto",
  ].map((name) => [name, "readonly"]),
);

export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "node_modules/", "data/", "coverage/", ...gitignored()],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // React code only: server-side helpers such as useDatabase() are not hooks, whatever their name.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/**/*.test.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs,jsx}"],
    rules: {
      // Names starting with _ are deliberately unused (placeholders, rest siblings).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Input validation matches control characters on purpose (/[\u0000-\u001f]/ to refuse them).
      "no-control-regex": "off",
      // `declare module` augmentation (vitest ProvidedContext, react-router AppLoadContext) needs interfaces.
      "@typescript-eslint/consistent-type-definitions": "off",
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: nodeGlobals },
  },
  {
    // Type-only declaration files describe plain JavaScript modules.
    files: ["**/*.d.ts", "**/*.d.mts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
