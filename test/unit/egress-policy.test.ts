import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvironmentCache } from "@/server/config/env";
import { isPublicAddress, judgeHost } from "@/server/http/egress-policy";
import {
  isBuiltInReceiver,
  privateTargetRefusal,
  refusedTarget,
  type ResolveHost,
} from "@/server/loyalty/events/delivery-address-policy";

const appOrigin = "http://localhost:3000";
const saved = { APP_ORIGIN: process.env.APP_ORIGIN, WEBHOOK_PRIVATE_TARGETS: process.env.WEBHOOK_PRIVATE_TARGETS };

beforeAll(() => {
  process.env.APP_ORIGIN = appOrigin;
  process.env.WEBHOOK_PRIVATE_TARGETS = "off";
  resetEnvironmentCache();
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  resetEnvironmentCache();
});

/** A resolver that must not be asked: every spelling below is decided without DNS. */
function unaskedResolver() {
  const asked: string[] = [];
  const resolve: ResolveHost = async (hostname) => {
    asked.push(hostname);
    return [];
  };
  return { asked, resolve };
}

// The IPv4 ranges nobody may reach, written out here independently of the library the policy uses.
const privateIPv4Ranges: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // protocol assignments
  ["192.0.2.0", 24], // TEST-NET-1
  ["192.88.99.0", 24], // 6to4 relays
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // TEST-NET-2
  ["203.0.113.0", 24], // TEST-NET-3
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

const ipv4Value = (dotted: string) => dotted.split(".").reduce((total, part) => total * 256 + Number(part), 0);

const privateIPv4 = fc
  .tuple(fc.constantFrom(...privateIPv4Ranges), fc.integer({ min: 0, max: 0xffffffff }))
  .map(([[base, bits], random]) => {
    const hostBits = 32 - bits;
    return ipv4Value(base) + (hostBits === 0 ? 0 : random % 2 ** hostBits);
  });

const octetsOf = (value: number) => [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
const dottedOf = (value: number) => octetsOf(value).join(".");
const hex16 = (value: number) => value.toString(16);

/** A number written in decimal, octal (leading 0) or hexadecimal (0x or 0X), as WHATWG URLs and inet_aton read them. */
const numberSpelling = (value: number) =>
  fc
    .constantFrom<(n: number) => string>(
      (n) => String(n),
      (n) => `0${n.toString(8)}`,
      (n) => `0x${n.toString(16)}`,
      (n) => `0X${n.toString(16).toUpperCase()}`,
    )
    .map((spell) => spell(value));

/** Every way a host can write an IPv4 address: dotted, one number, two or three parts, each part in any base. */
function ipv4Spellings(value: number): fc.Arbitrary<string> {
  const [a, b, c, d] = octetsOf(value) as [number, number, number, number];
  const parts = (values: number[]) => fc.tuple(...values.map(numberSpelling)).map((spelled) => spelled.join("."));
  return fc.oneof(
    fc.constant(dottedOf(value)),
    numberSpelling(value),
    parts([a, (b << 16) | (c << 8) | d]),
    parts([a, b, (c << 8) | d]),
    parts([a, b, c, d]),
  );
}

const randomCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((upper) => [...text].map((char, index) => (upper[index] ? char.toUpperCase() : char)).join(""));

const hextet = fc.integer({ min: 0, max: 0xffff });
const fullForm = (parts: number[]) => parts.map((part) => part.toString(16).padStart(4, "0")).join(":");

/** IPv6 addresses that carry an IPv4 address: mapped, translated, compatible, NAT64, 6to4, Teredo; compressed or full. */
function ipv6Carrying(value: number, publicIPv4: number): fc.Arbitrary<string> {
  const high = value >>> 16;
  const low = value & 0xffff;
  const dotted = dottedOf(value);
  const tail = `${hex16(high)}:${hex16(low)}`;
  return fc.oneof(
    fc.constantFrom(
      `::ffff:${dotted}`,
      `::ffff:${tail}`,
      `0:0:0:0:0:ffff:${dotted}`,
      fullForm([0, 0, 0, 0, 0, 0xffff, high, low]),
      `::ffff:0:${dotted}`,
      `::${dotted}`,
      fullForm([0, 0, 0, 0, 0, 0, high, low]),
      `64:ff9b::${dotted}`,
      `64:ff9b::${tail}`,
      fullForm([0x64, 0xff9b, 0, 0, 0, 0, high, low]),
      `2002:${tail}::`,
      // Teredo: a public server, the private client stored inverted; then a private server.
      fullForm([0x2001, 0, publicIPv4 >>> 16, publicIPv4 & 0xffff, 0x8000, 0x63bf, ~high & 0xffff, ~low & 0xffff]),
      fullForm([0x2001, 0, high, low, 0, 0, ~(publicIPv4 >>> 16) & 0xffff, ~publicIPv4 & 0xffff]),
    ),
    fc.tuple(hextet, hextet, hextet).map(([x, y, z]) => `2002:${tail}:${hex16(x)}::${hex16(y)}:${hex16(z)}`),
    // The local-use NAT64 prefix: whatever it carries, its translator sits on the operator's own network.
    fc.tuple(hextet, hextet).map(([x, y]) => `64:ff9b:1:${hex16(x)}::${hex16(y)}:${tail}`),
  );
}

// Native IPv6 ranges nobody may reach (and space outside global unicast).
const privateIPv6Ranges: [number[], number][] = [
  [[0, 0, 0, 0, 0, 0, 0, 1], 128], // loopback
  [[0, 0, 0, 0, 0, 0, 0, 0], 128], // unspecified
  [[0xfe80], 10], // link-local
  [[0xfc00], 7], // unique local
  [[0xfec0], 10], // site-local (deprecated)
  [[0xff00], 8], // multicast
  [[0x2001, 0xdb8], 32], // documentation
  [[0x3fff], 20], // documentation
  [[0x100, 0, 0, 0], 64], // discard
  [[0x2001, 0x2, 0], 48], // benchmarking
  [[0x4000], 2], // not global unicast
];

const privateIPv6 = fc
  .tuple(fc.constantFrom(...privateIPv6Ranges), fc.array(hextet, { minLength: 8, maxLength: 8 }))
  .map(([[prefix, bits], random]) =>
    random.map((part, index) => {
      const fixed = Math.max(0, Math.min(16, bits - index * 16));
      const mask = fixed === 0 ? 0 : (0xffff << (16 - fixed)) & 0xffff;
      return ((prefix[index] ?? 0) & mask) | (part & ~mask & 0xffff);
    }),
  )
  .chain((parts) =>
    fc.constantFrom(
      fullForm(parts),
      parts.map(hex16).join(":"),
      // The longest run of zero parts compressed, as RFC 5952 writes it.
      parts
        .map(hex16)
        .join(":")
        .replace(/(^|:)0(:0)+(:|$)/, "::"),
    ),
  );

const local = fc.oneof(
  fc.constantFrom("localhost", "vm", "metadata", "db", "runsc"),
  fc
    .tuple(
      // Not "xn--…": such a label is punycode, and URL refuses one that does not decode (a name nobody can save).
      fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/).filter((label) => !label.startsWith("xn--")),
      fc.constantFrom("localhost", "local", "internal", "localdomain", "lan", "home.arpa"),
    )
    .map(([label, suffix]) => `${label}.${suffix}`),
);

/** A host as typed in a URL: any case, maybe trailing dots; IPv6 in brackets. */
const typedHost = fc.oneof(
  privateIPv4.chain(ipv4Spellings),
  fc
    .tuple(privateIPv4, fc.constantFrom(ipv4Value("65.54.227.120"), ipv4Value("8.8.8.8")))
    .chain(([value, server]) => ipv6Carrying(value, server).map((host) => `[${host}]`)),
  privateIPv6.map((host) => `[${host}]`),
  local,
);

const typedUrl = fc
  .tuple(
    fc.constantFrom("http", "https", "HTTP"),
    typedHost.chain(randomCase),
    fc.constantFrom("", ".", ".."),
    fc.constantFrom("", ":80", ":443", ":3000", ":8080"),
    fc.constantFrom("/", "/hooks", "/latest/meta-data/", "/payments-sandbox/v1/charges?x=1"),
  )
  // A trailing dot is a host's, never an IPv6 literal's (URL refuses `[::1].`).
  .map(([scheme, host, dots, port, path]) => `${scheme}://${host.endsWith("]") ? host : host + dots}${port}${path}`);

describe("the egress policy: private addresses in every spelling", () => {
  it("refuses every generated private address or local name when an endpoint is saved, without asking DNS", async () => {
    const { asked, resolve } = unaskedResolver();
    await fc.assert(
      fc.asyncProperty(typedUrl, async (url) => {
        expect(URL.canParse(url), url).toBe(true);
        expect(await refusedTarget(url, resolve), url).toBe(privateTargetRefusal);
      }),
      { numRuns: 3_000 },
    );
    expect(asked).toEqual([]);
  });

  it("refuses every one of them at connect time too: the host before dialling, and the address the socket reports", () => {
    fc.assert(
      fc.property(typedUrl, (url) => {
        const { hostname } = new URL(url);
        expect(judgeHost(hostname), url).toBe("refused");
        // What the socket reports is the canonical form of a literal host.
        if (hostname.startsWith("[") || /^[\d.]+$/.test(hostname)) expect(isPublicAddress(hostname), url).toBe(false);
      }),
      { numRuns: 3_000 },
    );
  });

  it.each([
    ["http://[::ffff:127.0.0.1]:3000/", "the mapped form Node rewrites to ::ffff:7f00:1"],
    ["http://[::ffff:a9fe:a9fe]/latest/meta-data/", "cloud metadata, mapped, in hex"],
    ["http://[::127.0.0.1]/", "IPv4-compatible (ipaddr.js calls ::7f00:1 unicast)"],
    ["http://[64:ff9b::10.0.0.1]/", "NAT64"],
    ["http://[2002:c0a8:101::]/", "6to4 carrying 192.168.1.1"],
    ["http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", "Teredo whose client is 127.0.0.1"],
    ["http://2130706433/", "decimal"],
    ["http://0177.0.0.1/", "octal"],
    ["http://0x7f.1/", "hexadecimal, short"],
    ["http://127.1/", "short"],
    ["http://localhost./", "a trailing dot"],
    ["http://LocalHost/", "mixed case"],
    ["http://api.localhost/", "a .localhost name"],
    ["http://vm:3000/", "a single label the hosts file maps to loopback"],
    ["http://①②⑦.⓪.⓪.①/", "circled digits, which IDNA maps to 127.0.0.1"],
    ["http://１２７．０．０．１/", "full-width digits and dots"],
  ])("refuses %s (%s)", async (url) => {
    expect(await refusedTarget(url, unaskedResolver().resolve)).toBe(privateTargetRefusal);
  });
});

describe("the egress policy: public addresses", () => {
  it.each([
    "https://8.8.8.8/hooks",
    "https://134744072/hooks",
    "https://0x08080808/hooks",
    "https://[2606:4700::1111]/hooks",
    "https://[2606:4700:4700::1111]/hooks",
    "https://[::ffff:8.8.8.8]/hooks",
    "https://[::ffff:808:808]/hooks",
    "https://[64:ff9b::8.8.8.8]/hooks",
    "https://[2002:808:808::1]/hooks",
    "https://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/hooks",
  ])("allows %s", async (url) => {
    const { asked, resolve } = unaskedResolver();
    expect(await refusedTarget(url, resolve)).toBeUndefined();
    expect(judgeHost(new URL(url).hostname)).toBe("public");
    expect(asked).toEqual([]);
  });

  it("allows any public IPv4 address, in any spelling", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 0xffffffff })
          .filter((value) =>
            privateIPv4Ranges.every(([base, bits]) => value >>> (32 - bits) !== ipv4Value(base) >>> (32 - bits)),
          )
          // A few anycast ranges are not "unicast" to the library either (AS112, AMT): refused, and never a receiver.
          .filter(
            (value) =>
              !["192.175.48", "192.31.196", "192.52.193"].includes(dottedOf(value).split(".").slice(0, 3).join(".")),
          )
          .chain(ipv4Spellings),
        (host) => {
          expect(judgeHost(new URL(`https://${host}/`).hostname), host).toBe("public");
        },
      ),
    );
  });
});

describe("saving an endpoint whose name resolves", () => {
  const resolvingTo =
    (...addresses: string[]): ResolveHost =>
    async () =>
      addresses;

  it("refuses a name with any private address among its answers, in any spelling the resolver gives", async () => {
    for (const answer of ["127.0.0.1", "::ffff:7f00:1", "::ffff:169.254.169.254", "10.0.0.1", "fd00::1", "::1"]) {
      expect(await refusedTarget("https://hooks.example.com/in", resolvingTo("93.184.216.34", answer)), answer).toBe(
        privateTargetRefusal,
      );
    }
  });

  it("allows a name whose every answer is public, and one that does not resolve yet", async () => {
    expect(await refusedTarget("https://hooks.example.com/in", resolvingTo("93.184.216.34", "2606:4700::1111"))).toBe(
      undefined,
    );
    expect(
      await refusedTarget("https://hooks.example.com/in", async () => {
        throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      }),
    ).toBeUndefined();
  });
});

describe("the built-in receiver", () => {
  const receiver = `${appOrigin}/developers/receiver/DEVABC1234567`;

  it("is this app's origin and the receiver's path exactly, and then may be private", async () => {
    expect(isBuiltInReceiver(receiver)).toBe(true);
    expect(await refusedTarget(receiver, unaskedResolver().resolve)).toBeUndefined();
  });

  it.each([
    [`${appOrigin}/developers/receiver/../../payments-sandbox/v1/charges`, "dot segments"],
    [`${appOrigin}/developers/receiver/DEV1/../../../payments-sandbox/v1/charges`, "dot segments after a partner"],
    [`${appOrigin}/developers/receiver/./DEV1`, "a single dot segment"],
    [`${appOrigin}/developers/receiver/%2e%2e/%2e%2e/payments-sandbox/v1/charges`, "encoded dots"],
    [`${appOrigin}/developers/receiver/%2E%2E%2Fpayments-sandbox`, "encoded dots and slash"],
    [`${appOrigin}/developers/receiver/..%2f..%2fpayments-sandbox%2fv1%2fcharges`, "encoded slashes"],
    [`${appOrigin}/developers/receiver\\..\\..\\payments-sandbox\\v1\\charges`, "backslashes"],
    [`${appOrigin}\\developers\\receiver\\DEV1`, "backslashes only"],
    ["http://localhost:3001/developers/receiver/DEV1", "another port"],
    ["http://localhost/developers/receiver/DEV1", "the default port"],
    ["https://localhost:3000/developers/receiver/DEV1", "another scheme"],
    ["http://127.0.0.1:3000/developers/receiver/DEV1", "another spelling of the host"],
    ["http://localhost.:3000/developers/receiver/DEV1", "a trailing dot"],
    ["http://evil.example/developers/receiver/DEV1", "another host"],
    ["http://localhost:3000@evil.example/developers/receiver/DEV1", "the origin as a user name"],
    ["http://user@localhost:3000/developers/receiver/DEV1", "a user name"],
    [`${receiver}?next=/payments-sandbox/v1/charges`, "a query"],
    [`${receiver}?`, "an empty query"],
    [`${receiver}#x`, "a fragment"],
    [`${receiver}/extra`, "a second segment"],
    [`${receiver}/`, "a trailing slash"],
    [`${appOrigin}/developers/receiver/`, "no partner"],
    [`${appOrigin}/developers/receiver/DEV%41`, "an encoded partner"],
    [`${appOrigin}/Developers/receiver/DEV1`, "another path's case"],
    [`${appOrigin}//developers/receiver/DEV1`, "a doubled slash"],
  ])("is not %s (%s), so a private address there is refused", async (url) => {
    expect(isBuiltInReceiver(url)).toBe(false);
    if (judgeHost(new URL(url).hostname) === "refused")
      expect(await refusedTarget(url, unaskedResolver().resolve)).toBe(privateTargetRefusal);
  });
});
