import type { Locale } from "@/lib/i18n/locales";
import { loginFormText, loginMessages, loginPages } from "./login-messages";

/** Every text of the login pages in one language, keyed as the English tables are. */
export interface LoginWords {
  messages: Record<keyof typeof loginMessages, string>;
  pages: Record<keyof typeof loginPages, { title: string; text: string }>;
  heading: (programmeName: string) => string;
  intro: (brand: string, programmeName: string) => string;
  username: string;
  password: string;
  submit: string;
  reference: string;
  /** "Reference: …", with the language's own spacing before the colon. */
  referenceLine: (reference: string) => string;
  sandboxLabel: string;
  sandbox: string;
  sandboxText: string;
}

const english: LoginWords = {
  messages: loginMessages,
  pages: loginPages,
  ...loginFormText,
  referenceLine: (reference) => `${loginFormText.reference}: ${reference}`,
  sandboxLabel: "Sandbox notice",
  sandbox: "Sandbox",
  sandboxText: "test data only: accounts and keys here are public and nothing is real.",
};

const spanish: LoginWords = {
  messages: {
    blankUsername: "Introduce tu nombre de usuario.",
    blankPassword: "Introduce tu contraseña.",
    blankUsernameAndPassword: "Introduce tu nombre de usuario y tu contraseña.",
    invalidFormat:
      "El nombre de usuario o la contraseña no tienen el formato correcto. Un nombre de usuario tiene de 6 a 50 letras, cifras o los caracteres . @ - _ y una contraseña, de 8 a 20 caracteres.",
    invalidCredentials: "El nombre de usuario o la contraseña no son correctos. Revísalos y vuelve a intentarlo.",
    multipleAttempts:
      "Ha habido demasiados intentos fallidos de iniciar sesión con este nombre de usuario, así que está bloqueado durante un tiempo. Vuelve a intentarlo más tarde.",
    invalidIpAddress:
      "No hemos podido comprobar la dirección de red desde la que llega tu solicitud (formato de dirección IP no válido). Vuelve a intentarlo.",
    sessionExpired: "Tu sesión ha caducado. Vuelve a intentarlo.",
    formTooLarge:
      "El formulario enviado era más grande de lo que puede ser un inicio de sesión. Vuelve a escribir tu nombre de usuario y tu contraseña.",
  },
  pages: {
    invalidClient: {
      title: "Este enlace de inicio de sesión no es válido",
      text: "No reconocemos la aplicación que te ha enviado aquí. Vuelve a ella y prueba de nuevo.",
    },
    invalidProgramme: {
      title: "Este enlace de inicio de sesión no es válido",
      text: "El programa de fidelización de este enlace no está disponible para la aplicación que te ha enviado aquí. Vuelve a ella y prueba de nuevo.",
    },
    securityIssue: {
      title: "Problema de seguridad",
      text: "Por tu seguridad nos hemos detenido aquí: la aplicación nos ha pedido devolverte a una dirección que no está registrada para ella. Vuelve a la aplicación y prueba de nuevo.",
    },
    tooManyRequests: {
      title: "Demasiadas solicitudes",
      text: "Han llegado demasiadas solicitudes desde tu dirección de red en poco tiempo. Espera un minuto y vuelve a intentarlo.",
    },
    systemUnavailable: {
      title: "Sistema no disponible",
      text: "Ahora mismo no es posible iniciar sesión. Vuelve a intentarlo más tarde.",
    },
    busy: {
      title: "Mucha gente está iniciando sesión",
      text: "Ahora mismo estamos comprobando muchos inicios de sesión y no hemos podido comprobar el tuyo a tiempo. Espera unos segundos y vuelve a intentarlo.",
    },
  },
  heading: (programmeName) => `Inicia sesión en ${programmeName}`,
  intro: (brand, programmeName) => `${brand} quiere acceder a tu cuenta de ${programmeName}.`,
  username: "Nombre de usuario",
  password: "Contraseña",
  submit: "Iniciar sesión",
  reference: "Referencia",
  referenceLine: (reference) => `Referencia: ${reference}`,
  sandboxLabel: "Aviso de entorno de pruebas",
  sandbox: "Entorno de pruebas",
  sandboxText: "solo datos de prueba: las cuentas y las claves son públicas y nada es real.",
};

const catalan: LoginWords = {
  messages: {
    blankUsername: "Introdueix el teu nom d’usuari.",
    blankPassword: "Introdueix la teva contrasenya.",
    blankUsernameAndPassword: "Introdueix el teu nom d’usuari i la teva contrasenya.",
    invalidFormat:
      "El nom d’usuari o la contrasenya no tenen el format correcte. Un nom d’usuari té de 6 a 50 lletres, xifres o els caràcters . @ - _ i una contrasenya, de 8 a 20 caràcters.",
    invalidCredentials: "El nom d’usuari o la contrasenya no són correctes. Revisa’ls i torna-ho a provar.",
    multipleAttempts:
      "Hi ha hagut massa intents fallits d’iniciar la sessió amb aquest nom d’usuari, i ara està bloquejat durant una estona. Torna-ho a provar més tard.",
    invalidIpAddress:
      "No hem pogut comprovar l’adreça de xarxa des d’on arriba la teva sol·licitud (format d’adreça IP no vàlid). Torna-ho a provar.",
    sessionExpired: "La teva sessió ha caducat. Torna-ho a provar.",
    formTooLarge:
      "El formulari enviat era més gran del que pot ser un inici de sessió. Torna a escriure el teu nom d’usuari i la teva contrasenya.",
  },
  pages: {
    invalidClient: {
      title: "Aquest enllaç d’inici de sessió no és vàlid",
      text: "No reconeixem l’aplicació que t’ha enviat aquí. Torna-hi i prova-ho de nou.",
    },
    invalidProgramme: {
      title: "Aquest enllaç d’inici de sessió no és vàlid",
      text: "El programa de fidelització d’aquest enllaç no està disponible per a l’aplicació que t’ha enviat aquí. Torna-hi i prova-ho de nou.",
    },
    securityIssue: {
      title: "Problema de seguretat",
      text: "Per la teva seguretat ens hem aturat aquí: l’aplicació ens ha demanat que et tornem a una adreça que no té registrada. Torna a l’aplicació i prova-ho de nou.",
    },
    tooManyRequests: {
      title: "Massa sol·licituds",
      text: "Han arribat massa sol·licituds des de la teva adreça de xarxa en poc temps. Espera un minut i torna-ho a provar.",
    },
    systemUnavailable: {
      title: "Sistema no disponible",
      text: "Ara mateix no es pot iniciar la sessió. Torna-ho a provar més tard.",
    },
    busy: {
      title: "Molta gent està iniciant la sessió",
      text: "Ara mateix estem comprovant molts inicis de sessió i no hem pogut comprovar el teu a temps. Espera uns segons i torna-ho a provar.",
    },
  },
  heading: (programmeName) => `Inicia la sessió a ${programmeName}`,
  intro: (brand, programmeName) => `${brand} vol accedir al teu compte de ${programmeName}.`,
  username: "Nom d’usuari",
  password: "Contrasenya",
  submit: "Inicia la sessió",
  reference: "Referència",
  referenceLine: (reference) => `Referència: ${reference}`,
  sandboxLabel: "Avís d’entorn de proves",
  sandbox: "Entorn de proves",
  sandboxText: "només dades de prova: els comptes i les claus són públics i res no és real.",
};

const french: LoginWords = {
  messages: {
    blankUsername: "Veuillez saisir votre identifiant.",
    blankPassword: "Veuillez saisir votre mot de passe.",
    blankUsernameAndPassword: "Veuillez saisir votre identifiant et votre mot de passe.",
    invalidFormat:
      "Votre identifiant ou votre mot de passe n’est pas au bon format. Un identifiant compte de 6 à 50 lettres, chiffres ou caractères . @ - _ et un mot de passe de 8 à 20 caractères.",
    invalidCredentials: "L’identifiant ou le mot de passe est incorrect. Vérifiez-les et réessayez.",
    multipleAttempts:
      "Il y a eu trop de tentatives de connexion infructueuses avec cet identifiant : il est bloqué pendant un moment. Veuillez réessayer plus tard.",
    invalidIpAddress:
      "Nous n’avons pas pu vérifier l’adresse réseau d’où provient votre demande (format d’adresse IP non valide). Veuillez réessayer.",
    sessionExpired: "Votre session a expiré. Veuillez réessayer.",
    formTooLarge:
      "Le formulaire envoyé était plus volumineux qu’une connexion ne peut l’être. Veuillez saisir de nouveau votre identifiant et votre mot de passe.",
  },
  pages: {
    invalidClient: {
      title: "Ce lien de connexion n’est pas valide",
      text: "Nous ne reconnaissons pas l’application qui vous a envoyé ici. Veuillez y retourner et réessayer.",
    },
    invalidProgramme: {
      title: "Ce lien de connexion n’est pas valide",
      text: "Le programme de fidélité de ce lien n’est pas disponible pour l’application qui vous a envoyé ici. Veuillez y retourner et réessayer.",
    },
    securityIssue: {
      title: "Problème de sécurité",
      text: "Pour votre sécurité, nous nous sommes arrêtés ici : l’application nous a demandé de vous renvoyer vers une adresse qui n’est pas enregistrée pour elle. Veuillez retourner dans l’application et réessayer.",
    },
    tooManyRequests: {
      title: "Trop de demandes",
      text: "Trop de demandes sont arrivées depuis votre adresse réseau en peu de temps. Patientez une minute, puis réessayez.",
    },
    systemUnavailable: {
      title: "Système indisponible",
      text: "La connexion n’est pas possible pour le moment. Veuillez réessayer plus tard.",
    },
    busy: {
      title: "Beaucoup de personnes se connectent",
      text: "Nous vérifions beaucoup de connexions en ce moment et n’avons pas pu vérifier la vôtre à temps. Patientez quelques secondes, puis réessayez.",
    },
  },
  heading: (programmeName) => `Connexion à ${programmeName}`,
  intro: (brand, programmeName) => `${brand} souhaite accéder à votre compte ${programmeName}.`,
  username: "Identifiant",
  password: "Mot de passe",
  submit: "Se connecter",
  reference: "Référence",
  referenceLine: (reference) => `Référence : ${reference}`,
  sandboxLabel: "Avis d’environnement de test",
  sandbox: "Environnement de test",
  sandboxText: "données de test uniquement : les comptes et les clés sont publics et rien n’est réel.",
};

const italian: LoginWords = {
  messages: {
    blankUsername: "Inserisci il tuo nome utente.",
    blankPassword: "Inserisci la tua password.",
    blankUsernameAndPassword: "Inserisci il tuo nome utente e la tua password.",
    invalidFormat:
      "Il nome utente o la password non sono nel formato corretto. Un nome utente ha da 6 a 50 lettere, cifre o i caratteri . @ - _ e una password da 8 a 20 caratteri.",
    invalidCredentials: "Il nome utente o la password non sono corretti. Controllali e riprova.",
    multipleAttempts:
      "Ci sono stati troppi tentativi di accesso non riusciti con questo nome utente, che è quindi bloccato per un po’. Riprova più tardi.",
    invalidIpAddress:
      "Non siamo riusciti a verificare l’indirizzo di rete da cui arriva la tua richiesta (formato dell’indirizzo IP non valido). Riprova.",
    sessionExpired: "La tua sessione è scaduta. Riprova.",
    formTooLarge:
      "Il modulo inviato era più grande di quanto possa essere un accesso. Inserisci di nuovo il tuo nome utente e la tua password.",
  },
  pages: {
    invalidClient: {
      title: "Questo link di accesso non è valido",
      text: "Non riconosciamo l’applicazione che ti ha mandato qui. Torna all’applicazione e riprova.",
    },
    invalidProgramme: {
      title: "Questo link di accesso non è valido",
      text: "Il programma fedeltà di questo link non è disponibile per l’applicazione che ti ha mandato qui. Torna all’applicazione e riprova.",
    },
    securityIssue: {
      title: "Problema di sicurezza",
      text: "Per la tua sicurezza ci siamo fermati qui: l’applicazione ci ha chiesto di rimandarti a un indirizzo che non è registrato per lei. Torna all’applicazione e riprova.",
    },
    tooManyRequests: {
      title: "Troppe richieste",
      text: "Dal tuo indirizzo di rete sono arrivate troppe richieste in poco tempo. Aspetta un minuto e riprova.",
    },
    systemUnavailable: {
      title: "Sistema non disponibile",
      text: "Al momento non è possibile accedere. Riprova più tardi.",
    },
    busy: {
      title: "Molte persone stanno accedendo",
      text: "In questo momento stiamo verificando molti accessi e non siamo riusciti a verificare il tuo in tempo. Aspetta qualche secondo e riprova.",
    },
  },
  heading: (programmeName) => `Accedi a ${programmeName}`,
  intro: (brand, programmeName) => `${brand} vorrebbe accedere al tuo conto ${programmeName}.`,
  username: "Nome utente",
  password: "Password",
  submit: "Accedi",
  reference: "Riferimento",
  referenceLine: (reference) => `Riferimento: ${reference}`,
  sandboxLabel: "Avviso ambiente di prova",
  sandbox: "Ambiente di prova",
  sandboxText: "solo dati di prova: account e chiavi sono pubblici e niente è reale.",
};

const words: Record<Locale, LoginWords> = { en: english, es: spanish, ca: catalan, fr: french, it: italian };

/** The login pages' words in a language. */
export function loginWords(locale: Locale): LoginWords {
  return words[locale];
}

/** A message of the form (one of loginMessages' English sentences) in a language. */
export function translatedLoginMessage(message: string, locale: Locale): string {
  const key = (Object.keys(loginMessages) as (keyof typeof loginMessages)[]).find(
    (name) => loginMessages[name] === message,
  );
  return key ? words[locale].messages[key] : message;
}

/** A problem page (one of loginPages) in a language. */
export function translatedLoginPage(
  page: { title: string; text: string },
  locale: Locale,
): { title: string; text: string } {
  const key = (Object.keys(loginPages) as (keyof typeof loginPages)[]).find((name) => loginPages[name] === page);
  return key ? words[locale].pages[key] : page;
}
