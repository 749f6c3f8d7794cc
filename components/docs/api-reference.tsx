"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import "./api-reference-contrast.css";

/**
 * Scalar's interactive reference, bundled with the app and kept on this
 * machine: no web fonts, no proxy (requests go straight to this origin), no
 * telemetry, no hosted client or agent. The api_key comes from the server
 * page as a prop, so it is in the page, never in a static bundle.
 */
export function ApiReference({ apiKey }: { apiKey: string }) {
  return (
    <ApiReferenceReact
      configuration={{
        url: "/api/openapi.json",
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: true,
        showDeveloperTools: "never",
        agent: { disabled: true },
        documentDownloadType: "json",
        hideDarkModeToggle: true,
        forceDarkModeState: "light",
        defaultOpenAllTags: false,
        persistAuth: false,
        authentication: {
          preferredSecurityScheme: "api_key",
          securitySchemes: { api_key: { name: "api_key", in: "query", value: apiKey } },
        },
        metaData: { title: "API reference" },
      }}
    />
  );
}
