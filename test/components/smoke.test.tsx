import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

function Greeting({ name }: { name: string }) {
  return <p role="status">Hello {name}</p>;
}

describe("the component test setup", () => {
  it("renders TSX into jsdom", () => {
    render(<Greeting name="Alex" />);
    expect(screen.getByRole("status").textContent).toBe("Hello Alex");
  });
});
