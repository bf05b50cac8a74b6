// Server rendering of the panel: what a browser without JavaScript gets.
import { Theme } from "@radix-ui/themes";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FEEDBACK_REQUIRED_MESSAGE } from "~/rules/feedback.ts";
import { FEEDBACK_THANKS_MESSAGE, FeedbackPanel } from "./feedback-panel.tsx";

const render = (props: Parameters<typeof FeedbackPanel>[0]) =>
  renderToStaticMarkup(
    <Theme>
      <FeedbackPanel {...props} />
    </Theme>,
  );

describe("FeedbackPanel", () => {
  it("is a closed details panel with a form posting name, message and url to /feedback", () => {
    const html = render({ url: "/transport?x=1" });
    expect(html).toMatch(/<details[^>]*>/);
    expect(html).not.toMatch(/<details[^>]*\bopen\b/);
    expect(html).toContain("Dashboard Feedback");
    const form = /<form[^>]*>/.exec(html)![0];
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/feedback"');
    expect(html).toContain('<input type="hidden" name="url" value="/transport?x=1"/>');
    expect(html).toMatch(/<input[^>]*name="name"/);
    expect(html).toMatch(/<textarea[^>]*name="message"/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>[\s\S]*Send/);
    expect(html).not.toContain(FEEDBACK_THANKS_MESSAGE);
    expect(html).not.toContain(FEEDBACK_REQUIRED_MESSAGE);
  });

  it("opens with a thank-you after a sent post", () => {
    const html = render({ url: "/home", status: "sent" });
    expect(html).toMatch(/<details[^>]*\bopen\b/);
    expect(html).toContain(FEEDBACK_THANKS_MESSAGE);
  });

  it("opens with 'All fields are required' after a refused post", () => {
    const html = render({ url: "/home", status: "error" });
    expect(html).toMatch(/<details[^>]*\bopen\b/);
    expect(html).toContain(FEEDBACK_REQUIRED_MESSAGE);
  });
});
