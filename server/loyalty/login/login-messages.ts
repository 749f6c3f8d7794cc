/**
 * Every text a member can read on the login pages (A1 and A3), kept in one
 * place so that wording is reviewed, translated and tested together.
 */

/** Messages shown above the login form, which is shown again. */
export const loginMessages = {
  blankUsername: "Please enter your username.",
  blankPassword: "Please enter your password.",
  blankUsernameAndPassword: "Please enter your username and password.",
  invalidFormat:
    "Your username or password is not in the right format. A username has 6 to 50 letters, digits or the characters . @ - _ and a password has 8 to 20 characters.",
  invalidCredentials: "The username or password is incorrect. Please check them and try again.",
  multipleAttempts:
    "There have been too many unsuccessful attempts to log in with this username, so it is locked for a while. Please try again later.",
  invalidIpAddress:
    "We could not check the network address your request came from (invalid IP address format). Please try again.",
  sessionExpired: "Your session has expired. Please try again.",
  formTooLarge: "The form sent was larger than a login can be. Please type your username and password again.",
} as const;

export type LoginMessage = (typeof loginMessages)[keyof typeof loginMessages];

/** Pages shown instead of the form, when the request cannot go on. */
export const loginPages = {
  invalidClient: {
    title: "This login link is not valid",
    text: "We do not recognise the application that sent you here. Please go back to it and try again.",
  },
  invalidProgramme: {
    title: "This login link is not valid",
    text: "The loyalty programme in this login link is not available to the application that sent you here. Please go back to it and try again.",
  },
  securityIssue: {
    title: "Security issue",
    text: "For your security we stopped here: the application asked us to send you back to an address that is not registered for it. Please go back to the application and try again.",
  },
  tooManyRequests: {
    title: "Too many requests",
    text: "Too many requests have come from your network address in a short time. Please wait a minute and try again.",
  },
  systemUnavailable: {
    title: "System unavailable",
    text: "Logging in is not possible at the moment. Please try again later.",
  },
  busy: {
    title: "Many people are logging in",
    text: "We are checking a lot of logins right now and could not check yours in time. Please wait a few seconds and try again.",
  },
} as const;

export type LoginPage = (typeof loginPages)[keyof typeof loginPages];

/** Words on the form itself. */
export const loginFormText = {
  heading: (programmeName: string) => `Log in to ${programmeName}`,
  intro: (brand: string, programmeName: string) => `${brand} would like to access your ${programmeName} account.`,
  username: "Username",
  password: "Password",
  submit: "Log in",
  reference: "Reference",
} as const;
