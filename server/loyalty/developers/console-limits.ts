import { env } from "@/server/config/env";
import { loginThrottlePolicy } from "@/server/loyalty/login/login-throttle";

const minutesText = (seconds: number) => {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
};

/** The sign-in limits, as the sign-in page states them (from the configuration in force). */
export function signInLimitsText(): string {
  const config = env();
  const policy = loginThrottlePolicy;
  return (
    `After ${policy.maxFailures} wrong passwords for one email from your network, that email is locked from your ` +
    `network for ${minutesText(policy.lockSeconds)} (elsewhere it still signs in). One network may try ` +
    `${config.DEVELOPER_SIGN_IN_LIMIT} sign-ins every ${minutesText(config.DEVELOPER_SIGN_IN_WINDOW_SECONDS)}.`
  );
}

/** The sign-up limits and the idle expiry, as the sign-up page states them. */
export function signUpLimitsText(): string {
  const config = env();
  return (
    `One network may make ${config.DEVELOPER_SIGN_UPS_PER_ADDRESS_PER_HOUR} sandboxes an hour ` +
    `(${config.DEVELOPER_SIGN_UPS_PER_NETWORK_PER_HOUR} from one IPv6 /48), and the sandbox makes at most ` +
    `${config.DEVELOPER_SIGN_UPS_PER_HOUR} an hour and ${config.DEVELOPER_SIGN_UPS_PER_DAY} a day in all. ` +
    `A sandbox unused for ${config.DEVELOPER_SANDBOX_IDLE_DAYS} days (no sign-in, no request with its keys) is ` +
    `deleted with everything in it; the console warns ${config.DEVELOPER_SANDBOX_WARNING_DAYS} days before.`
  );
}
