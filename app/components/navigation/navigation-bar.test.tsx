import { Theme } from "@radix-ui/themes";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { NavigationBar, type NavigationBarProps } from "./navigation-bar.tsx";
import { permissionIdsNamed } from "../../rules/access/permissions.ts";

const BASE: NavigationBarProps = {
  user: { firstName: "Jane", lastName: "Doe" },
  permissionIds: [],
  routeName: "home",
  dataSource: "production",
  impersonating: false,
  ownersStatsUser: false,
  externalLinks: {},
};

function render(overrides: Partial<NavigationBarProps> = {}): string {
  return renderToString(
    <MemoryRouter>
      <Theme>
        <NavigationBar {...BASE} {...overrides} />
      </Theme>
    </MemoryRouter>,
  );
}

/** The opening tag of the first element with the attribute, e.g. tagWith(html, 'href="/fleetcard"'). */
function tagWith(html: string, attribute: string): string {
  const at = html.indexOf(attribute);
  if (at < 0) throw new Error(`no element with ${attribute}`);
  const start = html.lastIndexOf("<", at);
  return html.slice(start, html.indexOf(">", at) + 1);
}

/** The rendered <details> of one menu, from its opening tag to its closing tag. */
function menuHtml(html: string, menu: string): string | null {
  const start = html.indexOf(`data-menu="${menu}"`);
  if (start < 0) return null;
  const open = html.lastIndexOf("<details", start);
  return html.slice(open, html.indexOf("</details>", start) + "</details>".length);
}

function count(html: string, needle: string): number {
  return html.split(needle).length - 1;
}

describe("NavigationBar (server render)", () => {
  it("is a labelled navigation landmark with the logo linking to /home-apps", () => {
    const html = render();
    expect(html).toContain('<nav aria-label="Main"');
    expect(tagWith(html, 'href="/home-apps"')).toMatch(/^<a /);
    expect(html).toContain("Fleet Ops");
  });

  it("shows only what an on-rent user may open", () => {
    const html = render({
      permissionIds: permissionIdsNamed(["on-off-rents", "onboarding", "onboarding-approve"]),
      routeName: "onboarding",
    });
    expect(html).toContain('href="/onboarding"');
    expect(html).not.toContain('href="/offboarding"');
    expect(html).not.toContain('href="/transport"');
    expect(menuHtml(html, "rental")).not.toBeNull();
    expect(menuHtml(html, "executive")).toBeNull();
    const reporting = menuHtml(html, "reporting") ?? "";
    expect(reporting).toContain('href="/trucks"');
    expect(reporting).toContain("On/Off Rent");
    expect(reporting).not.toContain('href="/billing"');
    // Only one group: no group headings.
    expect(reporting).not.toContain("Operations");
  });

  it("hides the department links and empty menus for a user without permissions", () => {
    const html = render({ permissionIds: [] });
    for (const path of [
      "/onboarding",
      "/offboarding",
      "/transport",
      "/accounts-receivable",
      "/recon",
      "/sales",
      "/titles",
    ]) {
      expect(html).not.toContain(`href="${path}"`);
    }
    expect(menuHtml(html, "rental")).toBeNull();
    expect(menuHtml(html, "executive")).toBeNull();
    expect(menuHtml(html, "reporting")).toBeNull();
    expect(menuHtml(html, "forms")).not.toBeNull();
    expect(menuHtml(html, "user")).not.toBeNull();
    expect(html).not.toContain('href="/release-notes"');
  });

  it("shows every menu to all access, with the Operations group in 3 columns", () => {
    const html = render({ permissionIds: permissionIdsNamed(["restricted"]) });
    for (const menu of ["rental", "forms", "executive", "reporting", "user", "pages"]) {
      expect(menuHtml(html, menu), menu).not.toBeNull();
    }
    const reporting = menuHtml(html, "reporting") ?? "";
    expect(reporting).toContain(">AR<");
    expect(reporting).toContain(">Operations<");
    expect(reporting).toContain("nav-list--columns-3");
    expect(reporting).toMatch(/aria-labelledby="nav-group-reporting-operations"/);
    expect(menuHtml(html, "executive")).toContain('href="/owners-stats"');
  });

  it("opens the forms in a new tab with rel=noopener", () => {
    const forms = menuHtml(render(), "forms") ?? "";
    for (const path of ["/order-form", "/trade-form", "/off-rent-form"]) {
      const tag = tagWith(forms, `href="${path}"`);
      expect(tag).toContain('target="_blank"');
      expect(tag).toContain('rel="noopener"');
    }
    expect(count(forms, "(opens in a new tab)")).toBe(3);
  });

  it("renders Sign Out as a form posting to /logout", () => {
    const user = menuHtml(render(), "user") ?? "";
    expect(tagWith(user, 'action="/logout"')).toMatch(/^<form[^>]*method="post"/);
    expect(user).toMatch(/<button type="submit"[^>]*>Sign Out<\/button>/);
  });

  it("lists configured external links in the user menu, in a new tab", () => {
    const user =
      menuHtml(
        render({ externalLinks: { feedback: "https://feedback.example.com/", crm: "https://crm.example.com/" } }),
        "user",
      ) ?? "";
    expect(tagWith(user, 'href="https://feedback.example.com/"')).toContain('rel="noopener noreferrer"');
    expect(user).toContain("Employee Feedback");
    expect(user).toContain("CRM");
    expect(user).not.toContain("Payroll Login");
  });

  it("shows the initials on the user button, or 'User'", () => {
    const named = menuHtml(render(), "user") ?? "";
    expect(named).toContain('<span class="nav-user-badge">JD</span>');
    expect(named).toContain("user menu for Jane Doe");
    expect(menuHtml(render({ user: null }), "user")).toContain('<span class="nav-user-badge">User</span>');
  });

  it("dropdowns are closed <details> with a <summary> and no stale aria-expanded before hydration", () => {
    const html = render({ permissionIds: permissionIdsNamed(["restricted"]) });
    const detailsTags = html.match(/<details[^>]*>/g) ?? [];
    expect(detailsTags).toHaveLength(6);
    for (const tag of detailsTags) expect(tag).not.toMatch(/\sopen(=|\s|>)/);
    expect(count(html, "<summary")).toBe(6);
    expect(html).not.toContain("aria-expanded");
    expect(html).not.toContain("data-enhanced");
  });

  it("marks the current page with aria-current", () => {
    const html = render({ permissionIds: permissionIdsNamed(["restricted"]), routeName: "fleetcard" });
    expect(tagWith(menuHtml(html, "executive") ?? "", 'href="/fleetcard"')).toContain('aria-current="page"');
    expect(tagWith(html, 'href="/onboarding"')).not.toContain("aria-current");
  });

  it("the small-screen menu lists permitted pages sorted by name", () => {
    const pages = menuHtml(render({ permissionIds: permissionIdsNamed(["offboarding", "transport"]) }), "pages") ?? "";
    expect(pages).toContain("nav-narrow-only");
    expect(pages).toContain(">Pages<");
    const labels = [...pages.matchAll(/class="nav-item"[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(labels).toEqual([
      "Apps",
      "Documentation",
      "Home",
      "Off Rent",
      "Overview",
      "Profile",
      "Transport",
      "Vendors",
    ]);
  });

  it.each([
    ["local", false, "green", "green"],
    ["test", false, "orange", "orange"],
    ["production", false, "neutral", "gray"],
    ["local", true, "pink", "pink"],
  ] as const)("data source %s, impersonating %s: %s bar", (dataSource, impersonating, colour, accent) => {
    const header = tagWith(render({ dataSource, impersonating }), 'class="nav-bar"');
    expect(header).toContain(`data-colour="${colour}"`);
    expect(header).toContain(`data-accent-color="${accent}"`);
  });
});
