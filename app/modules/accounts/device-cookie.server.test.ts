import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createDeviceCookies, DEVICE_COOKIE_DAYS } from "./device-cookie.server.ts";

const key = crypto.randomBytes(32);
const pair = (setCookie: string) => setCookie.split(";")[0]!;

describe("device cookies", () => {
  it("recognises the browser it was issued to for her address alone, in any capitals", () => {
    const devices = createDeviceCookies(key, false);
    const cookie = pair(devices.issue("Ana@Example.com"));
    const id = devices.recognise(`theme=dark; ${cookie}; other=1`, "ana@example.com");
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(devices.recognise(cookie, " ANA@example.com ")).toBe(id);
    expect(devices.recognise(cookie, "someone@example.com")).toBeNull();
    // Each sign-in gives the browser a new id.
    expect(devices.recognise(pair(devices.issue("ana@example.com")), "ana@example.com")).not.toBe(id);
  });

  it("names no one, and can't be made or altered without the server's key", () => {
    const devices = createDeviceCookies(key, false);
    const cookie = pair(devices.issue("ana@example.com"));
    expect(cookie).not.toMatch(/ana|example/i);
    const [name, value] = cookie.split("=") as [string, string];
    const [id, mac] = value.split(".") as [string, string];
    const otherId = crypto.randomBytes(16).toString("hex");
    for (const forged of [
      `${name}=${otherId}.${mac}`,
      `${name}=${id}.${mac.slice(0, -2)}AA`,
      `${name}=${id}`,
      `${name}=${id}.`,
      `${name}=.${mac}`,
      `${name}=%ff`,
      pair(createDeviceCookies(crypto.randomBytes(32), false).issue("ana@example.com")),
    ]) {
      expect(devices.recognise(forged, "ana@example.com"), forged).toBeNull();
    }
    expect(devices.recognise(undefined, "ana@example.com")).toBeNull();
    expect(devices.recognise("", "ana@example.com")).toBeNull();
  });

  it("is long-lived, httpOnly and kept to this site; over https, to this origin alone", () => {
    const local = createDeviceCookies(key, false).issue("ana@example.com");
    expect(local).toMatch(/^tidewell-device=/);
    expect(local).toContain(`Max-Age=${DEVICE_COOKIE_DAYS * 86_400}`);
    expect(local).toMatch(/; HttpOnly; SameSite=Strict$/);
    expect(local).toContain("Path=/");
    const deployed = createDeviceCookies(key, true);
    const secure = deployed.issue("ana@example.com");
    expect(secure).toMatch(/^__Host-tidewell-device=.*; Secure$/);
    expect(deployed.recognise(pair(secure), "ana@example.com")).not.toBeNull();
  });
});
