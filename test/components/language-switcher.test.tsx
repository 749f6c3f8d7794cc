import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LanguageSwitcher } from "@/components/portal/language-switcher";
import es from "@/messages/es.json";
import { render, screen, waitFor } from "@/test/support/render";

const refresh = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push: vi.fn() }) }));

describe("the header's language switcher", () => {
  it("offers the five languages, each named in itself and marked with its own lang, the page's own chosen", () => {
    render(<LanguageSwitcher chooseLanguage={vi.fn()} />, { locale: "es", messages: es });
    const select = screen.getByRole("combobox", { name: "Idioma" });
    const options = screen.getAllByRole("option");
    expect(options.map((option) => [option.textContent, option.getAttribute("lang")])).toEqual([
      ["English", "en"],
      ["Español", "es"],
      ["Català", "ca"],
      ["Français", "fr"],
      ["Italiano", "it"],
    ]);
    expect((select as HTMLSelectElement).value).toBe("es");
  });

  it("stores the choice, then reads the page again in it", async () => {
    const chooseLanguage = vi.fn().mockResolvedValue({ ok: true, data: undefined });
    render(<LanguageSwitcher chooseLanguage={chooseLanguage} />);
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Language" }), "ca");
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(chooseLanguage).toHaveBeenCalledWith({ locale: "ca" });
  });

  it("says so in the page's language when the choice could not be stored, whatever the refusal", async () => {
    const chooseLanguage = vi.fn().mockResolvedValue({
      ok: false,
      code: "unavailable",
      message: "Too many requests reach the loyalty service right now. Wait a minute, then try again.",
    });
    render(<LanguageSwitcher chooseLanguage={chooseLanguage} />, { locale: "es", messages: es });
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Idioma" }), "fr");
    expect((await screen.findByRole("alert")).textContent).toBe(es.header.languageNotChanged);
    expect(es.header.languageNotChanged).toBe("No se ha podido cambiar el idioma. Vuelve a intentarlo.");
  });
});
