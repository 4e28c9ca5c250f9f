import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hasHaproxy, HAPROXY_PATH, renderHaproxyConfig, SHIPPED_CONFIG } from "./haproxy";

const shipped = readFileSync(SHIPPED_CONFIG, "utf8");
const options = {
  bind: "127.0.0.1:18080",
  servers: [
    { name: "app1", port: 18081 },
    { name: "app2", port: 18082 },
    { name: "app3", port: 18083 },
  ],
  statsSocket: "/tmp/nd-test-admin.sock",
};

describe("the cluster test's HAProxy configuration is the shipped deploy/haproxy.cfg", () => {
  it("keeps every balancing rule and changes only addresses, the socket and the privilege drop", () => {
    const rendered = renderHaproxyConfig(shipped, options);
    for (const rule of ["balance roundrobin", "option httpchk", "uri /readyz", "http-check expect status 200", "retry-on conn-failure empty-response", "option redispatch", "option forwardfor", "timeout tunnel 1h"]) {
      expect(shipped).toContain(rule);
      expect(rendered).toContain(rule);
    }
    // Both backends (pages, and /events streams) list every process.
    expect(rendered).toContain("use_backend events if { path /events }");
    expect(rendered.match(/^\s*server app\d 127\.0\.0\.1:1808\d$/gm)).toHaveLength(6);
    expect(rendered.match(/^\s*http-response set-header X-Served-By %s$/gm)).toHaveLength(2);
    expect(rendered).toContain("bind 127.0.0.1:18080");
    expect(rendered).toContain("http-response set-header X-Served-By %s");
    expect(rendered).not.toMatch(/^\s*user haproxy/m);
    expect(rendered).not.toContain(":3001");
  });

  it("refuses a configuration it could not substitute (the test would no longer run the shipped file)", () => {
    expect(() => renderHaproxyConfig(shipped.replace("bind :80", "bind :8080"), options)).toThrow(/bind :80/);
    expect(() => renderHaproxyConfig(shipped.replace(/^\s*server .*$/gm, ""), options)).toThrow(/server appN/);
  });

  it.skipIf(!hasHaproxy())("is accepted by haproxy -c, as shipped and as rendered", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "nd-haproxy-check-"));
    try {
      const file = path.join(dir, "haproxy.cfg");
      writeFileSync(file, renderHaproxyConfig(shipped, options));
      for (const config of [SHIPPED_CONFIG, file]) {
        const check = spawnSync(HAPROXY_PATH, ["-c", "-q", "-f", config], { encoding: "utf8" });
        expect(check.status, `${config}: ${check.stdout}${check.stderr}`).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
