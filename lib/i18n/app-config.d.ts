import type { Locale } from "./locales";
import messages from "@/messages/en.json";

// English is the source of truth: a key used in code that English lacks fails the typecheck.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages;
  }
}
