/**
 * The request header that makes a partner operation answer a catalogued
 * error on a staging key (the developer console's "errors on demand"); its
 * value is the catalogue entry's name, e.g. `BALANCE_INSUFFICIENT`.
 */
export const sandboxScenarioHeader = "X-Sandbox-Scenario";
