import { createRequire } from "node:module";

/** One metric family as the parser gives it (prom2json's shape). */
export interface MetricFamily {
  name: string;
  help: string;
  type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string> }[];
}

// The parser ships no types of its own: its one function, typed as it answers.
const parsePrometheusTextFormat = createRequire(import.meta.url)("parse-prometheus-text-format") as (
  text: string,
) => MetricFamily[];

/** A scrape parsed by a Prometheus text-format parser independent of prom-client; it throws on a malformed line. */
export class Scrape {
  readonly families: Map<string, MetricFamily>;

  constructor(readonly text: string) {
    this.families = new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
  }

  family(name: string): MetricFamily {
    const family = this.families.get(name);
    if (!family) throw new Error(`no metric ${name} in the scrape:\n${this.text.slice(0, 2_000)}`);
    return family;
  }

  /** The sum of the family's samples whose labels include `labels` (0 when none does). */
  value(name: string, labels: Record<string, string> = {}): number {
    return this.family(name)
      .metrics.filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value))
      .reduce((sum, sample) => sum + Number(sample.value ?? 0), 0);
  }

  /** Every value the family's samples give a label. */
  labelValues(name: string, label: string): string[] {
    return [...new Set(this.family(name).metrics.flatMap((sample) => sample.labels?.[label] ?? []))];
  }
}
