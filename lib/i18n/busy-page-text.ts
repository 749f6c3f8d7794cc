import type { Locale } from "./locales";

/**
 * What a page says when the server is too busy to start it within its wait
 * (server/http/page-render-admission.ts): in the reader's language, since
 * it is answered before the page's own catalogue is read.
 */
export const busyPageText: Readonly<Record<Locale, { title: string; body: string; retry: string }>> = {
  en: {
    title: "Very busy right now",
    body: "Many members are using the site at this moment, and your page could not be prepared in time. Nothing has changed in your account.",
    retry: "Try again",
  },
  es: {
    title: "Mucha actividad en este momento",
    body: "Muchos socios están usando el sitio ahora mismo y no hemos podido preparar tu página a tiempo. Tu cuenta no ha cambiado.",
    retry: "Volver a intentarlo",
  },
  ca: {
    title: "Molta activitat en aquest moment",
    body: "Molts socis fan servir el lloc ara mateix i no hem pogut preparar la teva pàgina a temps. El teu compte no ha canviat.",
    retry: "Torna-ho a provar",
  },
  fr: {
    title: "Très forte affluence en ce moment",
    body: "De nombreux membres utilisent le site en ce moment et votre page n’a pas pu être préparée à temps. Rien n’a changé sur votre compte.",
    retry: "Réessayer",
  },
  it: {
    title: "Molto traffico in questo momento",
    body: "Molti soci stanno usando il sito in questo momento e non siamo riusciti a preparare la tua pagina in tempo. Il tuo conto non è cambiato.",
    retry: "Riprova",
  },
};
