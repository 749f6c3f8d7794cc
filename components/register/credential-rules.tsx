/**
 * The username and password rules, shown before the member types (not only
 * after a refusal). They restate the contract's rules in lib/contract/register-account.ts,
 * which remain what actually validates.
 */
export function UsernameRules() {
  return <>6 to 50 letters, digits and . @ - _ — starting and ending with a letter or digit.</>;
}

export function PasswordRules() {
  return (
    <ul className="list-disc space-y-0.5 pl-5">
      <li>8 to 20 characters, without spaces or accented letters</li>
      <li>at least three of: a lower-case letter, an upper-case letter, a digit, a symbol such as # or !</li>
    </ul>
  );
}
