import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StaffNav } from "@/components/staff/staff-nav";

let pathname = "/staff";
vi.mock("next/navigation", () => ({ usePathname: () => pathname }));

const items = [
  { href: "/staff", label: "Find a member", exact: true },
  { href: "/staff/attention", label: "Needs attention" },
  { href: "/staff/approvals", label: "Approvals" },
  { href: "/staff/audit", label: "Audit trail" },
];

describe("StaffNav", () => {
  const scrolled: Element[] = [];
  // jsdom lays nothing out and has no scrollIntoView: record which element asked to be brought into view.
  Element.prototype.scrollIntoView = vi.fn(function (this: Element, options?: ScrollIntoViewOptions | boolean) {
    expect(options).toEqual({ block: "nearest", inline: "nearest" });
    scrolled.push(this);
  });
  afterEach(() => {
    scrolled.length = 0;
  });

  it("marks the current page and brings its link into the scrolling row", () => {
    pathname = "/staff/approvals";
    render(<StaffNav items={items} />);
    const current = screen.getByRole("link", { name: "Approvals" });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Audit trail" }).getAttribute("aria-current")).toBeNull();
    expect(scrolled).toEqual([current]);
  });

  it("keeps the console's home current on a member's pages, and scrolls nothing when no link is current", () => {
    pathname = "/staff/members/3081000000000001";
    const { unmount } = render(<StaffNav items={items} />);
    expect(scrolled).toEqual([screen.getByRole("link", { name: "Find a member" })]);
    unmount();
    scrolled.length = 0;
    pathname = "/staff/accounts";
    render(<StaffNav items={items} />);
    expect(scrolled).toEqual([]);
  });
});
