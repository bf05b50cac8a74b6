// Server rendering of MaskedInput: what a browser without JavaScript gets is a plain labelled input,
// limited to the mask's length, showing the value exactly as given.
import { Theme } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MaskedInput } from "./masked-input.tsx";

const render = (node: ReactNode) => renderToStaticMarkup(<Theme>{node}</Theme>);

describe("MaskedInput (server-rendered)", () => {
  it("is a labelled input with the field's name and value, its mask's maxlength and keyboard", () => {
    const html = render(
      <MaskedInput
        id="del-phone"
        name="DelPhone"
        label="Del Phone"
        mask="phone"
        defaultValue="(212) 456-7890"
        required
      />,
    );
    expect(html).toContain('<label for="del-phone">');
    expect(html).toContain(">Del Phone</span>");
    expect(html).toMatch(/<input[^>]*name="DelPhone"/);
    expect(html).toMatch(/<input[^>]*id="del-phone"/);
    expect(html).toMatch(/<input[^>]*value="\(212\) 456-7890"/);
    expect(html).toMatch(/<input[^>]*maxLength="18"/);
    expect(html).toMatch(/<input[^>]*inputMode="tel"/);
    expect(html).toMatch(/<input[^>]*required=""/);
    expect(html).toMatch(/<input[^>]*data-mask="phone"/);
  });

  it("shows a value sent back by the server as it was sent (the mask runs only as the user types)", () => {
    const html = render(<MaskedInput id="zip" name="DelZip" label="Del Zip" mask="zip" defaultValue="787" />);
    expect(html).toMatch(/<input[^>]*value="787"/);
    expect(html).toMatch(/<input[^>]*maxLength="5"/);
    expect(html).toMatch(/<input[^>]*inputMode="numeric"/);
  });

  it("ties its message to the input", () => {
    const html = render(
      <MaskedInput
        id="code"
        name="CompanyNumber"
        label="Company Number"
        mask="companyCode"
        error="Company Number must be up to 5 digits."
      />,
    );
    expect(html).toMatch(/<input[^>]*aria-invalid="true"/);
    expect(html).toMatch(/<input[^>]*aria-describedby="code-error"/);
    expect(html).toContain('id="code-error"');
    expect(html).toContain("Company Number must be up to 5 digits.");
  });

  it("uses the controlled value when one is given", () => {
    const html = render(
      <MaskedInput id="unit" name="vin" label="Unit" mask="unitNumber" value="AB12CD34" onValueChange={() => {}} />,
    );
    expect(html).toMatch(/<input[^>]*value="AB12CD34"/);
    expect(html).toMatch(/<input[^>]*maxLength="8"/);
  });
});
