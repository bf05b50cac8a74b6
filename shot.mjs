import { chromium } from "@playwright/test";
const token = (await import("node:fs")).readFileSync("/tmp/token", "utf8").trim();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox"] });
const context = await browser.newContext({ viewport: { width: 1280, height: 1100 } });
await context.addCookies([{ name: "fleetops_session", value: token, url: "http://localhost:3300" }]);
const page = await context.newPage();
await page.goto(process.argv[2]);
await page.screenshot({ path: process.argv[3], fullPage: false });
await browser.close();
