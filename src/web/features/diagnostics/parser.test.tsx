// @vitest-environment jsdom
import "../../testing/dom";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PARSER_CASES, ParserDiagnostics } from "./components/parser-diagnostics";

function shown() {
  return {
    username: screen.getByTestId("parsed-username").textContent,
    type: screen.getByTestId("input-type").textContent,
    confidence: screen.getByTestId("confidence").textContent,
    validity: screen.getByTestId("validity").textContent,
  };
}

describe("ParserDiagnostics", () => {
  it("has the six predefined cases of the spec", () => {
    expect(PARSER_CASES.map((c) => c.label)).toEqual([
      "At-mention",
      "Profile URL",
      "Display name",
      "Simple username",
      "Dotted username",
      "Celebrity name",
    ]);
  });

  it.each([
    ["At-mention", { username: "cristiano", type: "at_mention", confidence: "high", validity: "Valid" }],
    ["Profile URL", { username: "natgeo", type: "url", confidence: "high", validity: "Valid" }],
    [
      "Display name",
      { username: "janedoetravels", type: "display_name", confidence: "medium", validity: "Valid" },
    ],
    ["Simple username", { username: "mkbhd", type: "username", confidence: "high", validity: "Valid" }],
    ["Dotted username", { username: "khaby.lame", type: "username", confidence: "high", validity: "Valid" }],
    [
      "Celebrity name",
      { username: "cristiano", type: "display_name", confidence: "medium", validity: "Valid" },
    ],
  ])("the %s case fills the form and shows the parse", async (label, expected) => {
    render(<ParserDiagnostics />);
    await userEvent.click(screen.getByRole("button", { name: label }));
    const c = PARSER_CASES.find((x) => x.label === label)!;
    expect(screen.getByLabelText("Input")).toHaveValue(c.input);
    expect(screen.getByLabelText("Platform")).toHaveValue(c.platform);
    expect(shown()).toEqual(expected);
    expect(screen.queryByText("Did you mean:")).not.toBeInTheDocument();
  });

  it("offers clickable suggestions for an invalid name and uses the one clicked", async () => {
    render(<ParserDiagnostics />);
    await userEvent.selectOptions(screen.getByLabelText("Platform"), "tiktok");
    const input = screen.getByLabelText("Input");
    await userEvent.clear(input);
    await userEvent.type(input, "a very very long display name that nobody knows");
    expect(shown().validity).toBe("Invalid");
    expect(shown().confidence).toBe("low");
    expect(screen.getByText(/TikTok usernames must be 24 characters or less/)).toBeInTheDocument();
    const suggestion = screen.getByRole("button", { name: "@a.very.very.long.display" });
    await userEvent.click(suggestion);
    expect(input).toHaveValue("a.very.very.long.display");
    expect(shown()).toMatchObject({
      username: "a.very.very.long.display",
      validity: "Valid",
      confidence: "high",
    });
    expect(screen.queryByText("Did you mean:")).not.toBeInTheDocument();
  });
});
