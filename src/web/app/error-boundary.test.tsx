// @vitest-environment jsdom
import "../testing/dom";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { PageLoading } from "../components/ui/spinner";
import { AppErrorBoundary, ERROR_BOUNDARY_TITLE } from "./error-boundary";
import { lazyPage } from "./lazy-page";

/** What a browser throws when a lazy chunk cannot be fetched (network down, a deploy removed it). */
const chunkError = () => new TypeError("Failed to fetch dynamically imported module: /assets/page-x1.js");

function ChunkPage() {
  return <h1>Loaded page</h1>;
}

function mount(node: React.ReactNode, resetKey: unknown = "/a", reloadPage?: () => void) {
  const tree = (key: unknown) => (
    <AppErrorBoundary resetKey={key} reloadPage={reloadPage}>
      <Suspense fallback={<PageLoading />}>{node}</Suspense>
    </AppErrorBoundary>
  );
  const view = render(tree(resetKey));
  return { ...view, navigate: (key: unknown) => view.rerender(tree(key)) };
}

describe("the top-level error boundary", () => {
  // React and the boundary report a caught error on console.error; the set-up file fails a test on an
  // unexpected one, so each test here takes those calls over and checks the boundary's own.
  const quietConsole = () => vi.mocked(console.error).mockImplementation(() => {});

  it("shows the message when a lazy page's chunk fails, and Retry loads the chunk again", async () => {
    quietConsole();
    const load = vi
      .fn<() => Promise<{ ChunkPage: typeof ChunkPage }>>()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValue({ ChunkPage });
    const Page = lazyPage(load, "ChunkPage");
    mount(<Page />);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(ERROR_BOUNDARY_TITLE);
    expect(screen.queryByRole("heading", { name: "Loaded page" })).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith(
      "A page failed to render",
      expect.any(TypeError),
      expect.anything(),
    );

    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Loaded page" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps the message while the chunk still fails, and offers a full reload", async () => {
    quietConsole();
    const load = vi.fn<() => Promise<{ ChunkPage: typeof ChunkPage }>>().mockRejectedValue(chunkError());
    const reloadPage = vi.fn();
    const Page = lazyPage(load, "ChunkPage");
    mount(<Page />, "/a", reloadPage);

    await screen.findByRole("alert");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_BOUNDARY_TITLE);
    expect(load).toHaveBeenCalledTimes(2);

    await userEvent.click(screen.getByRole("button", { name: "Reload the page" }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("catches a page that throws while rendering, and clears when the location changes", async () => {
    quietConsole();
    let broken = true;
    function Flaky() {
      if (broken) throw new Error("boom");
      return <h1>Other page</h1>;
    }
    const { navigate } = mount(<Flaky />, "/a");
    expect(await screen.findByRole("alert")).toHaveTextContent(ERROR_BOUNDARY_TITLE);
    broken = false;
    navigate("/b");
    expect(await screen.findByRole("heading", { name: "Other page" })).toBeInTheDocument();
  });
});
