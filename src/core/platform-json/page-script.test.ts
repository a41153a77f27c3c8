import { describe, expect, it } from "vitest";
import { extractScriptById } from "./page-script";

describe("extractScriptById", () => {
  it("finds the script by id with indexOf, ignoring other scripts", () => {
    const html = `<script>var a = "</div>";</script><script id="X" type="application/json">{"a":1}</script><script>2</script>`;
    expect(extractScriptById(html, "X")).toBe('{"a":1}');
    expect(extractScriptById(html, "Y")).toBeUndefined();
    expect(extractScriptById(`<script id='X'>{}</script>`, "X")).toBe("{}");
    expect(extractScriptById(`<script id="X">{"unterminated"`, "X")).toBeUndefined();
  });
});
