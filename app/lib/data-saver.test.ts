import { describe, expect, it } from "vitest";
import { dataSaverChoice, dataSaverCookie, isDataSaverOn, saveDataRequested } from "./data-saver";

const request = (headers: Record<string, string>) => new Headers(headers);

describe("data saver state (ADR 32)", () => {
  it("is off for a request that says nothing", () => {
    expect(isDataSaverOn(request({}))).toBe(false);
    expect(isDataSaverOn(request({ cookie: "sidebar_state=false" }))).toBe(false);
  });

  it("follows the browser's Save-Data: on, in any case, with parameters", () => {
    expect(isDataSaverOn(request({ "save-data": "on" }))).toBe(true);
    expect(isDataSaverOn(request({ "save-data": " ON " }))).toBe(true);
    expect(isDataSaverOn(request({ "save-data": "on; foo=bar" }))).toBe(true);
    expect(isDataSaverOn(request({ "save-data": "off" }))).toBe(false);
    expect(isDataSaverOn(request({ "save-data": "onx" }))).toBe(false);
    expect(saveDataRequested(null)).toBe(false);
  });

  it("lets the visitor's switch turn it on without the header, and off despite it", () => {
    expect(isDataSaverOn(request({ cookie: "data-saver=on" }))).toBe(true);
    expect(isDataSaverOn(request({ cookie: "sidebar_state=true; data-saver=on" }))).toBe(true);
    expect(isDataSaverOn(request({ cookie: "data-saver=off", "save-data": "on" }))).toBe(false);
    expect(isDataSaverOn(request({ cookie: "data-saver=on", "save-data": "off" }))).toBe(true);
  });

  it("ignores a cookie value it does not know, and a cookie whose name only looks alike", () => {
    expect(dataSaverChoice("data-saver=yes")).toBeUndefined();
    expect(dataSaverChoice("my-data-saver=on")).toBeUndefined();
    expect(dataSaverChoice("data-saver")).toBeUndefined();
    expect(isDataSaverOn(request({ cookie: "data-saver=maybe", "save-data": "on" }))).toBe(true);
    expect(isDataSaverOn(request({ cookie: "x-data-saver=on" }))).toBe(false);
  });

  it("remembers the choice for every page for a year, out of scripts' reach", () => {
    expect(dataSaverCookie("on")).toBe("data-saver=on; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly");
    expect(dataSaverCookie("off", { secure: true })).toBe("data-saver=off; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure");
  });
});
