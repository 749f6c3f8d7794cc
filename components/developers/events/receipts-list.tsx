import { Disclosure } from "@/components/ui/disclosure";
import { consoleSectionStyle, consoleTime } from "../console-look";

/** A post the built-in receiver recorded, with whether its signature held. */
export interface ReceiptView {
  id: number | bigint | string;
  webhookId: string | null;
  eventType: string | null;
  receivedAt: Date;
  signatureValid: boolean;
  verificationError: string | null;
  body: string;
}

/** The built-in receiver: its address, and the posts it got, newest first, each with its signature's verdict. */
export function ReceiptsList({ receiverUrl, receipts }: { receiverUrl: string; receipts: readonly ReceiptView[] }) {
  return (
    <section aria-labelledby="receiver-heading" className={consoleSectionStyle}>
      <h2 id="receiver-heading" className="text-lg font-semibold text-slate-900">
        Built-in receiver
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        <span className="font-mono break-all">{receiverUrl}</span> records the last 100 posts it gets and verifies each
        with the standardwebhooks package and your endpoint&apos;s secret.
      </p>
      {receipts.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">Nothing received yet.</p>
      ) : (
        <ul className="mt-3 space-y-3" aria-label="Received by the built-in receiver">
          {receipts.map((receipt) => (
            <li
              key={String(receipt.id)}
              data-receipt-id={receipt.webhookId ?? ""}
              className="rounded-lg border border-slate-200 p-3"
            >
              <p className="text-sm">
                <span className="font-mono">{receipt.eventType ?? "(no type)"}</span> ·{" "}
                <time dateTime={receipt.receivedAt.toISOString()}>{consoleTime(receipt.receivedAt)}</time>
              </p>
              <p
                data-signature={receipt.signatureValid ? "valid" : "invalid"}
                className={`text-sm font-semibold ${receipt.signatureValid ? "text-green-800" : "text-red-700"}`}
              >
                {receipt.signatureValid ? "Signature verified" : `Signature not verified: ${receipt.verificationError}`}
              </p>
              <Disclosure
                className="mt-1"
                summary={
                  <>
                    Body and webhook-id <span className="font-mono break-all">{receipt.webhookId}</span>
                  </>
                }
              >
                <pre className="mt-2 rounded bg-slate-100 p-2 text-xs break-all whitespace-pre-wrap">
                  {receipt.body}
                </pre>
              </Disclosure>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
