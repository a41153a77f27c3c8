// @vitest-environment jsdom
import "../../../testing/dom";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiKey } from "#core/schemas/api-keys";
import { mockSession, renderWithApp, TEST_USER } from "../../../testing/render";
import { ApiKeysPanel } from "./api-keys-panel";

afterEach(() => {
  toast.dismiss();
});

const SECRET = `ca_${"x".repeat(43)}`;
const EXISTING: ApiKey = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "Old sheet",
  prefix: "ca_AbCd1234",
  scopes: ["read"],
  createdAt: "2026-11-01T10:00:00.000Z",
  lastUsedAt: null,
};

function setup({ isAdmin = false, keys = [EXISTING] as ApiKey[] } = {}) {
  let list = [...keys];
  const api = mockSession({
    user: { ...TEST_USER, isAdmin },
    extra: {
      "GET /api/keys": () => ({ json: list }),
      "POST /api/keys": ({ body }) => {
        const { name, scopes } = body as { name: string; scopes: ApiKey["scopes"] };
        const created = {
          id: "22222222-2222-4222-8222-222222222222",
          name,
          key: SECRET,
          scopes,
          createdAt: "2026-11-20T10:00:00.000Z",
        };
        list = [
          { ...created, prefix: SECRET.slice(0, 11), lastUsedAt: null, key: undefined } as ApiKey,
          ...list,
        ];
        return { status: 201, json: created };
      },
      [`DELETE /api/keys/${EXISTING.id}`]: () => {
        list = list.filter((k) => k.id !== EXISTING.id);
        return { json: { deleted: true } };
      },
    },
  });
  const user = userEvent.setup();
  renderWithApp(<ApiKeysPanel isAdmin={isAdmin} />);
  return { ...api, user };
}

describe("Settings → API keys", () => {
  it("lists keys by name, prefix, scopes and last use, never a secret", async () => {
    setup();
    const list = await screen.findByTestId("api-key-list");
    expect(within(list).getByText("Old sheet")).toBeInTheDocument();
    expect(list).toHaveTextContent("ca_AbCd1234…");
    expect(list).toHaveTextContent("never used");
    expect(within(list).getByText("read")).toBeInTheDocument();
  });

  it("creates a key with the chosen scopes, shows it once with a copy button, then lists it", async () => {
    const { user, calls } = setup();
    await screen.findByTestId("api-key-list");
    await user.type(screen.getByLabelText("Key name"), "Extension");
    await user.click(screen.getByRole("checkbox", { name: /capture/ }));
    await user.click(screen.getByRole("button", { name: "Create key" }));
    const shown = await screen.findByTestId("new-api-key");
    expect(within(shown).getByLabelText("New API key")).toHaveValue(SECRET);
    expect(calls.find((c) => c.method === "POST" && c.url === "/api/keys")?.body).toEqual({
      name: "Extension",
      scopes: ["read", "capture"],
    });
    await user.click(within(shown).getByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(shown).getByRole("button", { name: "Copied" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("api-key-list")).toHaveTextContent("Extension"));
    // Dismissed, the secret is gone from the page.
    await user.click(within(shown).getByRole("button", { name: "Done" }));
    expect(screen.queryByTestId("new-api-key")).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it("needs a name and a scope before sending anything", async () => {
    const { user, calls } = setup();
    await user.click(screen.getByRole("button", { name: "Create key" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Name is required");
    await user.type(screen.getByLabelText("Key name"), "x");
    await user.click(screen.getByRole("checkbox", { name: /read/ }));
    await user.click(screen.getByRole("button", { name: "Create key" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Choose at least one scope");
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/keys")).toBe(false);
  });

  it("revokes a key and drops it from the list", async () => {
    const { user, calls } = setup();
    const list = await screen.findByTestId("api-key-list");
    await user.click(within(list).getByRole("button", { name: "Revoke Old sheet" }));
    await waitFor(() => expect(screen.getByText("No API keys yet.")).toBeInTheDocument());
    expect(calls.some((c) => c.method === "DELETE" && c.url === `/api/keys/${EXISTING.id}`)).toBe(true);
    expect(await screen.findByText("API key revoked")).toBeInTheDocument();
  });

  it("shows an administrator every user's keys with their owners", async () => {
    setup({
      isAdmin: true,
      keys: [{ ...EXISTING, owner: { id: "u9", email: "bob@example.com", name: "Bob" } }],
    });
    expect(await screen.findByRole("heading", { name: "Every user's keys" })).toBeInTheDocument();
    expect(await screen.findByTestId("api-key-list")).toHaveTextContent("bob@example.com");
  });

  it("a viewer of the acting workspace gets the hint instead of the create form (issue #37)", async () => {
    window.localStorage.setItem("workspace", "22222222-2222-4222-8222-222222222222");
    mockSession({
      user: TEST_USER,
      extra: {
        "GET /api/keys": { json: [EXISTING] },
        "GET /api/workspaces": {
          json: {
            workspaces: [
              {
                id: "11111111-1111-4111-8111-111111111111",
                name: "Personal",
                kind: "personal",
                role: "owner",
              },
              { id: "22222222-2222-4222-8222-222222222222", name: "Acme", kind: "team", role: "viewer" },
            ],
          },
        },
      },
    });
    renderWithApp(<ApiKeysPanel />);
    expect(await screen.findByTestId("viewer-hint")).toHaveTextContent("Viewers can read and export.");
    expect(screen.queryByRole("button", { name: "Create key" })).not.toBeInTheDocument();
  });
});
