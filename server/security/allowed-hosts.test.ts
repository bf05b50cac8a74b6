import { describe, expect, it } from "vitest";
import { allowedHostnames, hostnameOf, isAllowedOrigin, socketRequestAllowed } from "./allowed-hosts.ts";

const allowed = allowedHostnames({ APP_URL: "https://fleet.example.com", ALLOWED_HOSTS: ["fleet.internal"] });

describe("allowedHostnames", () => {
  it("is ALLOWED_HOSTS, the host of APP_URL and the loopback names", () => {
    expect([...allowed].sort()).toEqual(["127.0.0.1", "[::1]", "fleet.example.com", "fleet.internal", "localhost"]);
  });
});

describe("hostnameOf", () => {
  it("reads a Host header's name, with or without a port, lower-cased", () => {
    expect(hostnameOf("Fleet.Example.com")).toBe("fleet.example.com");
    expect(hostnameOf("fleet.example.com:8443")).toBe("fleet.example.com");
    expect(hostnameOf("fleet.example.com.")).toBe("fleet.example.com");
    expect(hostnameOf("[::1]:3000")).toBe("[::1]");
  });

  it("is null for anything that is not a host", () => {
    for (const host of [undefined, "", "a b", "user@fleet.example.com", "fleet.example.com/x", "x:99999", "x:"]) {
      expect(hostnameOf(host), String(host)).toBeNull();
    }
  });
});

describe("isAllowedOrigin and socketRequestAllowed", () => {
  it("allow the app's own origins and refuse every other", () => {
    expect(isAllowedOrigin("https://fleet.example.com", allowed)).toBe(true);
    expect(isAllowedOrigin("http://localhost:5173", allowed)).toBe(true);
    for (const origin of ["https://evil.example", "null", "file://", "https://fleet.example.com.evil.example"]) {
      expect(isAllowedOrigin(origin, allowed), origin).toBe(false);
    }
  });

  it("refuse a handshake from a foreign origin or to a foreign Host; one without Origin passes", () => {
    const ok = { host: "fleet.example.com", origin: "https://fleet.example.com" };
    expect(socketRequestAllowed({ headers: ok }, allowed)).toBe(true);
    expect(socketRequestAllowed({ headers: { host: "fleet.example.com" } }, allowed)).toBe(true);
    expect(socketRequestAllowed({ headers: { ...ok, origin: "https://evil.example" } }, allowed)).toBe(false);
    expect(socketRequestAllowed({ headers: { ...ok, host: "evil.example" } }, allowed)).toBe(false);
  });
});
