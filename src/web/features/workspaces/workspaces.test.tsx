// @vitest-environment jsdom
import "../../testing/dom";
import { useQuery } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { api } from "../../lib/api-client";
import { currentWorkspaceId, setCurrentWorkspaceId } from "../../lib/workspace-store";
import { mockSession, renderWithApp, TEST_USER } from "../../testing/render";
import { InviteView } from "./components/invite-view";
import { WorkspaceSettings } from "./components/workspace-settings";
import { WorkspaceSwitcher } from "./components/workspace-switcher";

afterEach(() => {
  toast.dismiss();
});

const PERSONAL = "11111111-1111-4111-8111-111111111111";
const TEAM = "22222222-2222-4222-8222-222222222222";
const WORKSPACES = [
  { id: PERSONAL, name: "Personal", kind: "personal", role: "owner", memberCount: 1 },
  { id: TEAM, name: "Acme agency", kind: "team", role: "viewer", memberCount: 3 },
];

/** Something workspace-bound on screen: the lists, fetched through the app's one fetch helper. */
function ListsProbe() {
  const lists = useQuery({ queryKey: ["/api/lists"], queryFn: () => api.get<{ n: number }>("/api/lists") });
  return <p>lists={lists.data?.n ?? "…"}</p>;
}

describe("workspace switcher", () => {
  it("lists the caller's workspaces; switching sends X-Workspace, refetches workspace data and is remembered", async () => {
    let n = 0;
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        "GET /api/workspaces": { json: { workspaces: WORKSPACES } },
        "GET /api/lists": () => ({ json: { n: ++n } }),
      },
    });
    const user = userEvent.setup();
    renderWithApp(
      <>
        <WorkspaceSwitcher />
        <ListsProbe />
      </>,
    );
    const select = await screen.findByRole("combobox", { name: "Workspace" });
    expect(select).toHaveValue(PERSONAL);
    expect(within(select).getByRole("option", { name: "Acme agency · viewer" })).toBeInTheDocument();
    expect(await screen.findByText("lists=1")).toBeInTheDocument();
    expect(calls.find((c) => c.url === "/api/lists")?.headers["X-Workspace"]).toBeUndefined();

    await user.selectOptions(select, TEAM);
    expect(await screen.findByText("lists=2")).toBeInTheDocument();
    const last = calls.filter((c) => c.url === "/api/lists").at(-1)!;
    expect(last.headers["X-Workspace"]).toBe(TEAM);
    expect(window.localStorage.getItem("workspace")).toBe(TEAM);
    // The list of workspaces names no workspace of its own.
    expect(calls.filter((c) => c.url === "/api/workspaces").every((c) => !c.headers["X-Workspace"])).toBe(
      true,
    );

    await user.selectOptions(select, PERSONAL);
    expect(await screen.findByText("lists=3")).toBeInTheDocument();
    expect(calls.filter((c) => c.url === "/api/lists").at(-1)!.headers["X-Workspace"]).toBeUndefined();
    expect(window.localStorage.getItem("workspace")).toBeNull();
  });

  it("falls back to the personal workspace when the remembered one is no longer the caller's", async () => {
    setCurrentWorkspaceId("33333333-3333-4333-8333-333333333333");
    mockSession({ user: TEST_USER, extra: { "GET /api/workspaces": { json: { workspaces: WORKSPACES } } } });
    renderWithApp(<WorkspaceSwitcher />);
    expect(await screen.findByRole("combobox", { name: "Workspace" })).toHaveValue(PERSONAL);
  });

  it("creates a team workspace and switches to it", async () => {
    const NEW = "44444444-4444-4444-8444-444444444444";
    let list = [...WORKSPACES];
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        "GET /api/workspaces": () => ({ json: { workspaces: list } }),
        "POST /api/workspaces": ({ body }) => {
          const made = { id: NEW, name: (body as { name: string }).name, kind: "team", role: "owner" };
          list = [...list, { ...made, memberCount: 1 }];
          return { status: 201, json: made };
        },
      },
    });
    const user = userEvent.setup();
    renderWithApp(<WorkspaceSwitcher />);
    await screen.findByRole("combobox", { name: "Workspace" });
    await user.click(screen.getByRole("button", { name: "New workspace" }));
    await user.type(screen.getByLabelText("Workspace name"), "Client B");
    await user.click(screen.getByRole("button", { name: "Create workspace" }));
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Workspace" })).toHaveValue(NEW));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ name: "Client B" });
    expect(currentWorkspaceId()).toBe(NEW);
  });
});

describe("invite page", () => {
  const TOKEN = "tok_abc";
  const info = (state: string) => ({
    workspaceName: "Acme agency",
    role: "editor",
    email: "ada@example.com",
    expiresAt: "2030-01-08T00:00:00.000Z",
    state,
  });

  it("shows the workspace and role; the invitee accepts and acts in that workspace", async () => {
    let accepted: string | null = null;
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        [`GET /api/invites/${TOKEN}`]: { json: info("pending") },
        [`POST /api/invites/${TOKEN}/accept`]: { json: { workspaceId: TEAM, role: "editor" } },
        "GET /api/workspaces": { json: { workspaces: WORKSPACES } },
      },
    });
    const user = userEvent.setup();
    renderWithApp(
      <InviteView
        token={TOKEN}
        signedInAs="ada@example.com"
        onSignIn={() => {}}
        onAccepted={(id) => (accepted = id)}
      />,
    );
    expect(await screen.findByText("Join Acme agency")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Accept and open Acme agency" }));
    await waitFor(() => expect(accepted).toBe(TEAM));
    expect(currentWorkspaceId()).toBe(TEAM);
    expect(calls.some((c) => c.method === "POST" && c.url === `/api/invites/${TOKEN}/accept`)).toBe(true);
  });

  it("asks a visitor to sign in first, and says when the link was used, expired or is someone else's", async () => {
    let signIn = 0;
    const state = "pending";
    mockSession({ extra: { [`GET /api/invites/${TOKEN}`]: () => ({ json: info(state) }) } });
    const user = userEvent.setup();
    const view = renderWithApp(
      <InviteView token={TOKEN} signedInAs={null} onSignIn={() => signIn++} onAccepted={() => {}} />,
    );
    await user.click(await screen.findByRole("button", { name: "Sign in as ada@example.com to accept" }));
    expect(signIn).toBe(1);
    expect(screen.queryByRole("button", { name: /Accept/ })).not.toBeInTheDocument();

    view.unmount();
    renderWithApp(
      <InviteView token={TOKEN} signedInAs="eve@example.com" onSignIn={() => {}} onAccepted={() => {}} />,
    );
    expect(await screen.findByTestId("invite-wrong-address")).toHaveTextContent(
      "You are signed in as eve@example.com. Sign out and sign in as ada@example.com",
    );
    expect(screen.queryByRole("button", { name: /Accept/ })).not.toBeInTheDocument();
  });

  it.each([
    ["accepted", "This invite has already been used."],
    ["expired", "This invite expired on Jan 8, 2030."],
  ])("a %s invite says so and offers no Accept", async (state, text) => {
    mockSession({ user: TEST_USER, extra: { [`GET /api/invites/${TOKEN}`]: { json: info(state) } } });
    renderWithApp(
      <InviteView token={TOKEN} signedInAs="ada@example.com" onSignIn={() => {}} onAccepted={() => {}} />,
    );
    expect(await screen.findByTestId("invite-state")).toHaveTextContent(text);
    expect(screen.queryByRole("button", { name: /Accept/ })).not.toBeInTheDocument();
  });
});

describe("workspace settings", () => {
  const detail = (role: string) => ({
    id: TEAM,
    name: "Acme agency",
    kind: "team",
    role,
    memberCount: 2,
    createdAt: "2026-11-01T10:00:00.000Z",
  });
  const members = [
    {
      userId: "u1",
      email: "ada@example.com",
      name: "Ada",
      role: "owner",
      joinedAt: "2026-11-01T10:00:00.000Z",
    },
    {
      userId: "u2",
      email: "bo@example.com",
      name: null,
      role: "viewer",
      joinedAt: "2026-11-02T10:00:00.000Z",
    },
  ];

  it("an owner sees usage, invites someone and gets the link with its expiry, and changes a role", async () => {
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        [`GET /api/workspaces/${TEAM}`]: { json: detail("owner") },
        [`GET /api/workspaces/${TEAM}/members`]: { json: { members } },
        [`GET /api/workspaces/${TEAM}/usage`]: {
          json: { members: [{ userId: "u2", email: "bo@example.com", used: 7, limit: 50 }] },
        },
        [`GET /api/workspaces/${TEAM}/invites`]: { json: { invites: [] } },
        [`POST /api/workspaces/${TEAM}/invites`]: {
          status: 201,
          json: {
            token: "t1",
            url: "https://analytics.example.com/invite/t1",
            expiresAt: "2026-11-30T10:00:00.000Z",
          },
        },
        [`PATCH /api/workspaces/${TEAM}/members/u2`]: { json: { userId: "u2", role: "editor" } },
      },
    });
    const user = userEvent.setup();
    renderWithApp(
      <WorkspaceSettings workspaceId={TEAM} currentUserId="u1" auditHref="/a" onGone={() => {}} />,
    );
    expect(await screen.findByTestId("member-usage")).toHaveTextContent("Reports today: 7 of 50");
    await user.type(screen.getByLabelText("E-mail"), "Cy@Example.com");
    await user.selectOptions(screen.getByLabelText("Role"), "viewer");
    await user.click(screen.getByRole("button", { name: "Create invite link" }));
    const shown = await screen.findByTestId("new-invite");
    expect(within(shown).getByLabelText("Invite link")).toHaveValue(
      "https://analytics.example.com/invite/t1",
    );
    expect(shown).toHaveTextContent("Works once, until Nov 30, 2026. Only cy@example.com can accept it.");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ email: "cy@example.com", role: "viewer" });
    await user.selectOptions(screen.getByLabelText("Role of bo@example.com"), "editor");
    await waitFor(() => expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ role: "editor" }));
  });

  it("a viewer sees the members without controls and can leave", async () => {
    let gone = false;
    const { calls } = mockSession({
      user: TEST_USER,
      extra: {
        [`GET /api/workspaces/${TEAM}`]: { json: detail("viewer") },
        [`GET /api/workspaces/${TEAM}/members`]: { json: { members } },
        [`DELETE /api/workspaces/${TEAM}/members/u2`]: { json: { removed: true } },
      },
    });
    const user = userEvent.setup();
    renderWithApp(
      <WorkspaceSettings workspaceId={TEAM} currentUserId="u2" auditHref="/a" onGone={() => (gone = true)} />,
    );
    await screen.findByTestId("member-list");
    expect(screen.queryByLabelText("Role of bo@example.com")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create invite link" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete workspace" })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith("/usage") || c.url.endsWith("/invites"))).toBe(false);
    await user.click(screen.getByRole("button", { name: "Leave" }));
    await waitFor(() => expect(gone).toBe(true));
  });

  it("a workspace the caller is not in reads as not found", async () => {
    mockSession({
      user: TEST_USER,
      extra: {
        [`GET /api/workspaces/${TEAM}`]: { status: 404, json: { message: "nope", code: "NOT_FOUND" } },
      },
    });
    renderWithApp(
      <WorkspaceSettings workspaceId={TEAM} currentUserId="u1" auditHref="/a" onGone={() => {}} />,
    );
    expect(
      await screen.findByText("This workspace does not exist, or you are not one of its members."),
    ).toBeInTheDocument();
  });
});
